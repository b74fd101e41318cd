import Icon from '@ant-design/icons';
import type { GetProps } from 'antd';

type IconProps = Partial<GetProps<typeof Icon>>;

const svg = (children: React.ReactNode) => () => (
  <svg viewBox="0 0 16 16" width="1em" height="1em" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden>
    {children}
  </svg>
);

const Ellipse = svg(<ellipse cx="8" cy="8" rx="6.5" ry="4.5" />);
const Eraser = svg(
  <>
    <path d="M6.2 13.5 2.4 9.7a1 1 0 0 1 0-1.4l5.9-5.9a1 1 0 0 1 1.4 0l3.8 3.8a1 1 0 0 1 0 1.4l-5.8 5.9Z" />
    <path d="M5 5.8 10.2 11M6.2 13.5H14" />
  </>,
);
const Insert = svg(
  <>
    <path d="M4 12 8 5l4 7" />
    <path d="M2 14h12" />
  </>,
);

/** 椭圆 */
export const EllipseIcon = (props: IconProps) => <Icon component={Ellipse} aria-hidden {...props} />;
/** 橡皮擦 */
export const EraserIcon = (props: IconProps) => <Icon component={Eraser} aria-hidden {...props} />;
/** 插入建议: a proofreader's caret. */
export const InsertIcon = (props: IconProps) => <Icon component={Insert} aria-hidden {...props} />;
