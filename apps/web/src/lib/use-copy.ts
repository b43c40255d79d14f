import { App } from 'antd';

/**
 * Copies a text to the clipboard and says so in a toast, or, where the browser refuses, asks for
 * it to be copied by hand: the screen's own two texts.
 */
export function useCopy(texts: { copied: string; copyFailed: string }) {
  const { message } = App.useApp();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(texts.copied);
    } catch {
      void message.error(texts.copyFailed);
    }
  };
}
