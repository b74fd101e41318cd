/**
 * Ends the motions a browser cancels.
 *
 * antd's motions (rc-motion) leave their enter or leave state only on `transitionend` or
 * `animationend`. A transition cut short, most often because an ancestor became `display: none`
 * first, sends `transitioncancel` instead, and the element keeps its motion state for good. The
 * visible case: a popconfirm that closes while its OK button's loading icon fades out keeps that
 * icon, named "loading", so the button is announced as "loading 重置" from then on.
 *
 * This hands rc-motion the end it waits for, for the element whose motion was cancelled. Returns
 * the function that stops it (the app can be unmounted under a host).
 */
export function endCancelledMotions(target: Document): () => void {
  const onTransitionCancel = (event: TransitionEvent) => {
    const { propertyName, elapsedTime, pseudoElement } = event;
    event.target?.dispatchEvent(
      new TransitionEvent('transitionend', { propertyName, elapsedTime, pseudoElement, bubbles: true }),
    );
  };
  const onAnimationCancel = (event: AnimationEvent) => {
    const { animationName, elapsedTime, pseudoElement } = event;
    event.target?.dispatchEvent(
      new AnimationEvent('animationend', { animationName, elapsedTime, pseudoElement, bubbles: true }),
    );
  };
  target.addEventListener('transitioncancel', onTransitionCancel, true);
  target.addEventListener('animationcancel', onAnimationCancel, true);
  return () => {
    target.removeEventListener('transitioncancel', onTransitionCancel, true);
    target.removeEventListener('animationcancel', onAnimationCancel, true);
  };
}
