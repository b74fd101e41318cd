import { Dialog } from '../shared/components/steady-dialogs.tsx';
import { SHORTCUT_GROUPS } from './shortcuts.ts';

export function ShortcutHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog title="键盘快捷键" open={open} onCancel={onClose} footer={null} width={600}>
      {SHORTCUT_GROUPS.map((group) => (
        <table key={group.title} className="aw-shortcuts">
          <caption>{group.title}</caption>
          <tbody>
            {group.shortcuts.map((shortcut) => (
              <tr key={shortcut.keys}>
                <th scope="row">
                  <kbd>{shortcut.keys}</kbd>
                </th>
                <td>{shortcut.action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </Dialog>
  );
}
