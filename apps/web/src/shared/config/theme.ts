import type { ThemeConfig } from 'antd';
import { Z_INDEX_BASE } from './constants.ts';

export const BRAND_COLOR = '#1d4ed8';

export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    zIndexPopupBase: Z_INDEX_BASE,
    borderRadius: 6,
    // Secondary and placeholder greys darkened to meet WCAG AA contrast (axe color-contrast).
    colorLink: BRAND_COLOR,
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    colorTextPlaceholder: '#757575',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { siderBg: '#001529', headerBg: '#ffffff', headerPadding: '0 16px', bodyBg: '#f3f5f9' },
    Breadcrumb: {
      itemColor: '#595959',
      linkColor: '#595959',
      linkHoverColor: BRAND_COLOR,
      lastItemColor: '#1f2937',
      separatorColor: '#757575',
    },
  },
};
