import type { ThemeConfig } from 'antd';

/**
 * The antd theme, with the colours that antd's defaults get wrong for WCAG 2.1 AA text contrast
 * (4.5:1; axe-core checks every screen the e2e suite visits). Each value is the darkest shade
 * that still reads as the same colour. styles.css repeats the text colours as CSS variables for
 * the few plain elements outside antd (the login page): keep the two in step.
 */
const PRIMARY = '#5b3cc4';
// antd's 0.45 black (#8c8c8c on white, 3.4:1): secondary text, breadcrumbs, statistic and
// description labels, empty states. 0.62 is 5.7:1 on white and on the page's #f7f6fb.
const TEXT_SECONDARY = 'rgba(0, 0, 0, 0.62)';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    // Links otherwise take antd's info blue (#1677ff, 4.1:1); the brand purple is 7.3:1.
    colorLink: PRIMARY,
    // antd lightens a link under the pointer (#a48cde, 2.7:1 on a hovered row); darken it instead.
    colorLinkHover: '#3f2a99',
    colorLinkActive: '#3f2a99',
    colorTextDescription: TEXT_SECONDARY,
    colorTextTertiary: TEXT_SECONDARY,
    // A Select's placeholder is text in the page (#bfbfbf, 1.8:1); 0.55 black is 4.7:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // Error texts (form messages, Typography danger): red-7, 5.6:1 instead of #ff4d4f's 3.2:1.
    colorError: '#cf1322',
    borderRadius: 8,
    fontFamily: "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  // Preset tag colours (green, gold…) are darkened in styles.css: antd derives their palette
  // from the seed colour again and ignores a `green7` given here.
  components: {
    // Status tags (success, processing, warning, error) write in the status colour itself.
    Tag: { colorSuccess: '#237804', colorInfo: '#0958d9', colorWarning: '#ad4e00', colorError: '#cf1322' },
    // A table's empty text is drawn in the disabled grey (#bfbfbf, 1.8:1), but it is content.
    Table: { colorTextDisabled: TEXT_SECONDARY },
  },
};
