import {
  Drawer,
  type DrawerProps,
  Modal,
  type ModalFuncProps,
  type ModalProps,
  Popconfirm,
  type PopconfirmProps,
} from 'antd';
import { type ReactElement, useMemo } from 'react';

/**
 * The motion every dialog here uses: a fade in place (steady-dialogs.css, loaded with the app in
 * app.tsx, since select and dropdown panels use it too).
 *
 * antd zooms a modal in from the last click (scale 0.2 → 1), zooms a popconfirm and slides a
 * drawer. A press that starts on a button while it moves and ends after it has moved lands on
 * two elements, and the browser sends the click to their common ancestor: the click is lost and
 * the dialog stays open. The longer the press or the busier the machine, the likelier it is, for
 * a person and for a test alike. A dialog that never moves takes every click, however early.
 */
export const STEADY_MOTION = 'zk-steady';

const DRAWER_MOTION = {
  motionName: STEADY_MOTION,
  motionAppear: true,
  motionEnter: true,
  motionLeave: true,
  motionDeadline: 500,
};

/** antd's Modal, fading in where it will stay. */
export function Dialog(props: ModalProps) {
  return <Modal transitionName={STEADY_MOTION} {...props} />;
}

/** antd's Drawer, fading in where it will stay. */
export function SideDrawer(props: DrawerProps) {
  return <Drawer motion={DRAWER_MOTION} {...props} />;
}

/** antd's Popconfirm, fading in where it will stay. */
export function ConfirmPopover(props: PopconfirmProps) {
  return <Popconfirm motion={{ motionName: STEADY_MOTION }} {...props} />;
}

export interface DialogApi {
  confirm(config: ModalFuncProps): ReturnType<ReturnType<typeof Modal.useModal>[0]['confirm']>;
}

/** `Modal.useModal()` whose confirmations fade in place; render the holder once. */
export function useDialogs(): readonly [DialogApi, ReactElement] {
  const [modal, holder] = Modal.useModal();
  const api = useMemo<DialogApi>(
    () => ({ confirm: (config) => modal.confirm({ ...config, transitionName: STEADY_MOTION }) }),
    [modal],
  );
  return [api, holder] as const;
}
