import type { ComponentType } from 'react';

/** How a screen is framed: the shared layout, nothing, or the host's layout when embedded. */
export type LayoutKind = 'main' | 'none' | 'parent-when-embedded';

export interface ScreenModule {
  default: ComponentType;
}

/**
 * One route of seed section 2. Paths are absolute. `:name` is a parameter segment; a segment
 * like `detail:id` is a prefix followed by a parameter (the seed's retest detail path).
 */
export interface RouteDef {
  path: string;
  name: string;
  title?: string;
  hidden?: boolean;
  cached?: boolean;
  /** On the whitelist: opens without login. */
  public?: boolean;
  layout?: LayoutKind;
  redirect?: string;
  /** Route name of the page this one is reached from, for the breadcrumb. */
  parent?: string;
  /** A second reading of a path registered twice, picked when the query holds this pair. */
  reading?: { key: string; value: string };
  screen?: () => Promise<ScreenModule>;
  /** A screen for reading or annotating a thesis: the sidebar folds so the document gets the room. */
  documentFirst?: boolean;
  /**
   * Draws no antd component and asks no query (the sign-in pages): rendered outside the antd and
   * query providers, which load with the first other screen (adr/025).
   */
  plain?: boolean;
}

/** One breadcrumb entry; a path makes it a link. */
export interface Crumb {
  title: string;
  path?: string;
}
