import { Alert, Button, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * Recovery codes as they are shown, once: in two columns in a fixed-width face (so 8 and B, 2 and Z are told
 * apart on paper), with copy and download, and the warning that nobody can show them again.
 */
export function RecoveryCodes({ codes, username }: { codes: string[]; username: string }) {
  const { t } = useTranslation();
  const text = `${t('recovery.fileTitle', { username })}\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `koi-recovery-codes-${username}.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div data-testid="recovery-codes">
      <Alert type="warning" showIcon message={t('recovery.once')} style={{ marginBottom: 12 }} />
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: '1fr 1fr',
          gap: '6px 24px',
          padding: 12,
          background: 'rgba(124, 58, 237, 0.06)',
          borderRadius: 6,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 15,
        }}
      >
        {codes.map((code) => (
          <Typography.Text key={code} style={{ fontFamily: 'inherit' }}>
            {code}
          </Typography.Text>
        ))}
      </div>
      <Space style={{ marginTop: 12 }}>
        <Typography.Text copyable={{ text, icon: [<CopyOutlined key="c" />, <CopyOutlined key="d" />] }}>
          {t('recovery.copy')}
        </Typography.Text>
        <Button icon={<DownloadOutlined />} onClick={download}>
          {t('recovery.download')}
        </Button>
      </Space>
    </div>
  );
}
