import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

interface Tab {
  key: string;
  label: string;
  content: ReactNode;
}

/**
 * A small WAI-ARIA tablist (arrow keys, Home, End). antd's Tabs would add its overflow menu,
 * dropdown and tooltip machinery to the login page's initial JavaScript.
 */
export function LoginTabs({ tabs }: { tabs: Tab[] }) {
  const [active, setActive] = useState(tabs[0]?.key ?? '');
  const id = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const focus = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    setActive(tab.key);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focus(target);
  };

  return (
    <div className="login-tabs">
      <div role="tablist" aria-label="登录方式" className="login-tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={tab.key === active ? 0 : -1}
            className="login-tab"
            onClick={() => setActive(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== active}
          className="login-tabpanel"
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
