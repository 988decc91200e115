import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '../test/render';
import { ok, renderWithProviders, stubFetch } from '../test/utils';
import { useUiStore } from '../stores/ui';
import ServiceDialog from './ServiceDialog';

/** The bulletin answering the online-service link (item 7) and the Telegram contact (item 3). */
function serveLinks(online: string, telegram: string) {
  stubFetch((url) =>
    url.pathname === '/api/plat/bulletin'
      ? ok([
          { id: 3, content: telegram },
          { id: 7, content: online },
        ])
      : undefined,
  );
}

const consultButtons = () => screen.getAllByRole('button', { name: '点击咨询' });

describe('ServiceDialog (customer-service links)', () => {
  let opened: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    opened = vi.fn();
    vi.stubGlobal('open', opened);
    useUiStore.setState({ serviceOpen: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('never opens a javascript:, data: or other-site link from the configuration; the button stays disabled', async () => {
    for (const bad of [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example',
    ]) {
      serveLinks(bad, bad);
      const { unmount, client } = renderWithProviders(<ServiceDialog />);
      await waitFor(() => expect(client.getQueryState(['bulletin'])?.status).toBe('success'));
      for (const button of consultButtons()) {
        expect(button).toBeDisabled();
        fireEvent.click(button);
      }
      expect(opened).not.toHaveBeenCalled();
      unmount();
    }
  });

  it('opens an https: online-service link and a tg: contact in a new tab', async () => {
    serveLinks('https://chat.example/koi', 'tg://resolve?domain=koi_support');
    const { client } = renderWithProviders(<ServiceDialog />);
    await waitFor(() => expect(client.getQueryState(['bulletin'])?.status).toBe('success'));
    const [online, telegram] = consultButtons();
    await waitFor(() => expect(online).toBeEnabled());
    fireEvent.click(online!);
    fireEvent.click(telegram!);
    expect(opened.mock.calls).toEqual([
      ['https://chat.example/koi', '_blank', 'noopener'],
      ['tg://resolve?domain=koi_support', '_blank', 'noopener'],
    ]);
  });
});
