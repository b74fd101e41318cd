import { mountApp } from './app/mount.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('缺少 #root 容器');
mountApp(container, null);
