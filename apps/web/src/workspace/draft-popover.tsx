import { Button } from 'antd';
import type React from 'react';
import { useLayoutEffect, useRef, useState } from 'react';

/** A floating card beside the selection or the placed box, kept inside the window. */
export function DraftPopover({
  screen,
  onClose,
  children,
}: {
  screen: DOMRect;
  onClose(): void;
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
  const left = Math.max(8, Math.min(window.innerWidth - width - 8, screen.left + screen.width / 2 - width / 2));
  const below = screen.bottom + 8;
  const preferred = below + height > window.innerHeight ? screen.top - height - 8 : below;
  // Always on screen, even for a selection that reaches beyond the view (made by keyboard or
  // scrolled away): the form must be reachable.
  const top = Math.max(8, Math.min(preferred, window.innerHeight - height - 8));
  return (
    <div
      ref={ref}
      className="aw-popover"
      role="dialog"
      aria-label="添加批注"
      style={{ left, top, width, maxHeight: 'calc(100vh - 16px)' }}
    >
      <div className="aw-popover-head">
        <span>添加批注</span>
        <Button type="text" size="small" aria-label="关闭" onClick={onClose}>
          ×
        </Button>
      </div>
      {children}
    </div>
  );
}
