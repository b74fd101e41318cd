import { Dialog } from '../shared/components/steady-dialogs.tsx';
import { SHORTCUTS } from './shortcuts.ts';

export function ShortcutHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Dialog title="键盘快捷键" open={open} onCancel={onClose} footer={null} width={520}>
      <table className="aw-shortcuts">
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.keys}>
              <th scope="row">
                <kbd>{shortcut.keys}</kbd>
              </th>
              <td>{shortcut.action}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
