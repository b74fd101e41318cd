import { SHAPE_COLORS } from '@zikao/contract/annotation';
import { Button, Popover, Segmented, Tooltip } from 'antd';

/** The widths offered, in PDF points. */
export const WIDTH_CHOICES = [
  { value: 1, label: '细' },
  { value: 2, label: '中' },
  { value: 4, label: '粗' },
  { value: 8, label: '特粗' },
] as const;

export function colorName(color: string): string {
  return SHAPE_COLORS.find((c) => c.key === color)?.label ?? color;
}

function widthName(width: number): string {
  return WIDTH_CHOICES.find((w) => w.value === width)?.label ?? `${width} 磅`;
}

/** The drawing tools' colour and width, in a small panel behind one button showing both. */
export function DrawStylePicker(props: {
  color: string;
  width: number;
  onChange(style: { color?: string; width?: number }): void;
  /** A drawing tool is in hand: the button stands out. */
  highlighted: boolean;
}) {
  const name = `画笔颜色与粗细：${colorName(props.color)}色，${widthName(props.width)}`;
  const panel = (
    <div className="aw-style-panel">
      <fieldset>
        <legend className="aw-label">颜色</legend>
        {SHAPE_COLORS.map((choice) => (
          <button
            key={choice.key}
            type="button"
            className="aw-color-choice"
            aria-pressed={props.color === choice.key}
            aria-label={`${choice.label}色`}
            title={`${choice.label}色`}
            onClick={() => props.onChange({ color: choice.key })}
          >
            <span style={{ background: choice.key }} />
          </button>
        ))}
      </fieldset>
      <div>
        <span className="aw-label" id="aw-width-label">
          粗细
        </span>
        <Segmented
          size="small"
          aria-labelledby="aw-width-label"
          value={props.width}
          options={WIDTH_CHOICES.map((choice) => ({ value: choice.value, label: choice.label }))}
          onChange={(width) => props.onChange({ width: Number(width) })}
        />
      </div>
    </div>
  );
  return (
    <Popover trigger="click" content={panel} placement="bottom">
      <Tooltip title="画笔颜色与粗细">
        <Button type={props.highlighted ? 'default' : 'text'} aria-label={name} data-testid="draw-style">
          <span className="aw-swatch" style={{ background: props.color }} />
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 14,
              height: Math.max(1, Math.min(6, props.width)),
              background: props.color,
              verticalAlign: 'middle',
            }}
          />
        </Button>
      </Tooltip>
    </Popover>
  );
}
