import { Toast } from 'antd-mobile';
import i18n from '../../i18n';

/**
 * Copies text and says 复制成功 (spec §8). The clipboard API needs a secure context; the textarea fallback
 * covers plain-HTTP deployments and older in-app browsers.
 */
export async function copyText(text: string): Promise<boolean> {
  let done = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      done = true;
    }
  } catch {
    done = false;
  }
  if (!done) {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
    area.remove();
  }
  Toast.show({ content: i18n.t(done ? 'common.copied' : 'money.copyFailed'), position: 'center' });
  return done;
}
