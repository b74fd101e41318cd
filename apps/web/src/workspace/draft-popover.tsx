import { Button } from 'antd';
import type React from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import { placeCard } from './draft-placement.ts';

/** A floating card beside the selection or the placed box, kept inside the window. */
export function DraftPopover({
  screen,
  onClose,
  hint,
  children,
}: {
  screen: DOMRect;
  onClose(): void;
  /** A line under the title: what the keys do while the card waits. */
  hint?: string;
  children: React.ReactNode;
}) {
  const width = 380;
  const ref = useRef<HTMLDivElement>(null);
  // Placed for a typical height first, then for the card's real height once it is laid out (a
  // long comment bank makes it taller): its buttons must never fall below the window.
  const [height, setHeight] = useState(428);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setHeight(Math.min(element.offsetHeight, window.innerHeight - 16));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // Beside the selection or box, never over the words being marked (draft-placement.ts).
  const { left, top } = placeCard(
    screen,
    { width: Math.min(width, window.innerWidth - 16), height },
    {
      width: window.innerWidth,
      height: window.innerHeight,
    },
  );
  return (
    <div
      ref={ref}
      className="aw-popover"
      role="dialog"
      aria-label="添加批注"
      style={{ left, top, width: Math.min(width, window.innerWidth - 16), maxHeight: 'calc(100vh - 16px)' }}
      data-testid="draft-card"
    >
      <div className="aw-popover-head">
        <span>添加批注</span>
        <Button type="text" size="small" aria-label="关闭" onClick={onClose}>
          ×
        </Button>
      </div>
      {hint && <p className="aw-popover-hint">{hint}</p>}
      {children}
    </div>
  );
}
