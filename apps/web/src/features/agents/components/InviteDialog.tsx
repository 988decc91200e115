import { Button, CenterPopup, Toast } from 'antd-mobile';
import { toPng } from 'html-to-image';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseButton } from '../../../components/CloseButton';
import { copyText } from '../../money/copy';
import { useInviteQuery } from '../api/invite';
import { useInviteStore } from '../inviteStore';
import './InviteDialog.css';

/** Spec §9: the poster is 670 × 742 CSS px, exported as PNG on black. */
export const POSTER_WIDTH = 670;
export const POSTER_HEIGHT = 742;

/** A QR code with the logo in its middle (the server draws it at error correction H, which survives the logo). */
export function InviteQr({
  src,
  alt,
  className = 'invite-qr',
}: {
  src: string;
  alt: string;
  className?: string;
}) {
  return (
    <span className={className}>
      <img src={src} alt={alt} />
      <img className="invite-qr__logo" src="/assets/logo.svg" alt="" />
    </span>
  );
}

/**
 * Spec §4: exports a poster as poster.png. The loading toast 生成图片中... locks the screen (its mask takes every
 * tap) until the export ends; a failure just closes it and says so.
 */
export async function savePoster(node: HTMLElement, failedText: string, generatingText: string) {
  Toast.show({ icon: 'loading', content: generatingText, duration: 0, maskClickable: false });
  try {
    const url = await toPng(node, {
      backgroundColor: '#000000',
      width: POSTER_WIDTH,
      height: POSTER_HEIGHT,
      pixelRatio: window.devicePixelRatio || 1,
    });
    const link = document.createElement('a');
    link.href = url;
    link.download = 'poster.png';
    document.body.appendChild(link);
    link.click();
    link.remove();
    Toast.clear();
  } catch {
    Toast.clear();
    Toast.show({ content: failedText, position: 'center' });
  }
}

function Poster({
  qr,
  code,
  refTo,
  kind,
}: {
  qr: string;
  code: string;
  refTo: React.Ref<HTMLDivElement>;
  kind: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="invite-poster" ref={refTo} data-poster={kind}>
      <img className="invite-poster__logo" src="/assets/logo.svg" alt="" />
      <img className="invite-poster__banner" src="/assets/banners/banner-2.svg" alt="" />
      <p className="invite-poster__title">{t('agents.invite.posterTitle')}</p>
      <InviteQr src={qr} alt="" className="invite-qr invite-qr--poster" />
      <p className="invite-poster__code">{t('agents.invite.code', { code })}</p>
    </div>
  );
}

/** The invite dialog (spec §2): Telegram and web QR codes, each with save-as-image and copy-link. */
export default function InviteDialog() {
  const { t } = useTranslation();
  const show = useInviteStore((s) => s.showInvite);
  const setShow = useInviteStore((s) => s.setShowInvite);
  const stored = useInviteStore((s) => s.links);
  // The links the frame keeps (spec §3); the dialog asks itself when opened before they arrived.
  const query = useInviteQuery();
  const links = stored ?? query.data ?? null;
  const tgPoster = useRef<HTMLDivElement>(null);
  const webPoster = useRef<HTMLDivElement>(null);
  const close = () => setShow(false);
  const save = (node: HTMLDivElement | null) => {
    if (node) void savePoster(node, t('agents.invite.saveFailed'), t('agents.invite.generating'));
  };

  return (
    <CenterPopup visible={show} onMaskClick={close} bodyClassName="invite-dialog" destroyOnClose={false}>
      <div role="dialog" aria-label={t('agents.invite.title')}>
        <CloseButton className="invite-dialog__close" onClose={close} />
        <h2 className="invite-dialog__title">{t('agents.invite.title')}</h2>
        {!links ? (
          <p className="invite-dialog__note">{t('agents.invite.loading')}</p>
        ) : (
          <>
            <section className="invite-dialog__part" aria-label={t('agents.invite.tg')}>
              <h3>{t('agents.invite.tg')}</h3>
              {links.bot && links.bot_qr ? (
                <>
                  <InviteQr src={links.bot_qr} alt={t('agents.invite.qrAlt', { which: 'Telegram' })} />
                  <InviteActions onSave={() => save(tgPoster.current)} link={links.bot} />
                </>
              ) : (
                <p className="invite-dialog__note">{t('agents.invite.tgOff')}</p>
              )}
            </section>
            <section className="invite-dialog__part" aria-label={t('agents.invite.web')}>
              <h3>{t('agents.invite.web')}</h3>
              <InviteQr src={links.web_qr} alt={t('agents.invite.qrAlt', { which: 'Web' })} />
              <p className="invite-dialog__link">{links.web}</p>
              <InviteActions onSave={() => save(webPoster.current)} link={links.web} />
            </section>
            {/* The posters are laid out off screen at their export size and drawn to PNG from there. */}
            <div className="invite-posters" aria-hidden="true">
              {links.bot_qr ? (
                <Poster qr={links.bot_qr} code={links.invite_code} refTo={tgPoster} kind="tg" />
              ) : null}
              <Poster qr={links.web_qr} code={links.invite_code} refTo={webPoster} kind="web" />
            </div>
          </>
        )}
      </div>
    </CenterPopup>
  );
}

/** Under each way in: save its poster as a picture, or copy its link. */
function InviteActions({ onSave, link }: { onSave: () => void; link: string }) {
  const { t } = useTranslation();
  return (
    <div className="invite-dialog__actions">
      <Button size="small" shape="rounded" color="primary" onClick={onSave}>
        {t('agents.invite.save')}
      </Button>
      <Button size="small" shape="rounded" fill="outline" color="primary" onClick={() => void copyText(link)}>
        {t('agents.invite.copy')}
      </Button>
    </div>
  );
}
