import { useEffect, useState } from 'react';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { isSafeLink } from '@koi/contract';

/**
 * The console's rich-text editor (the notice, the HTML content item): tiptap's starter kit limited to what the
 * server keeps (apps/server/src/lib/rich-text.ts): paragraphs, bold, italic, underline, strike, lists, small
 * headings and links. The operator never edits HTML by hand; what they see is what players see, and the server
 * sanitises whatever arrives anyway.
 */
export function RichTextEditor({
  value,
  onChange,
  disabled,
  label,
}: {
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  label: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https'], isAllowedUri: isSafeLink },
      }),
    ],
    content: value,
    editable: !disabled,
    editorProps: { attributes: { 'aria-label': label, class: 'rich-text-editor__content' } },
    // An empty document is the empty string, so "unchanged" compares equal to an item never set.
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);
  if (!editor) return null;
  return (
    <div className="rich-text-editor">
      <Toolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      h3: e.isActive('heading', { level: 3 }),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  // A toolbar press must not take focus from the text: the editor's own focus() comes back a frame later, and a
  // key typed in between (an Enter right after 加粗) would reach the button instead of the text. Keyboard users
  // still reach the buttons with Tab; only the mouse's focus move is cancelled.
  const keepFocus = (event: React.MouseEvent) => event.preventDefault();
  const tool = (key: string, active: boolean, icon: React.ReactNode, run: () => void) => (
    <Tooltip title={t(`editor.${key}`)} key={key}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`editor.${key}`)}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={keepFocus}
        onClick={run}
      />
    </Tooltip>
  );
  return (
    <Space size={2} wrap className="rich-text-editor__toolbar">
      {tool('bold', state.bold, <BoldOutlined />, () => chain().toggleBold().run())}
      {tool('italic', state.italic, <ItalicOutlined />, () => chain().toggleItalic().run())}
      {tool('underline', state.underline, <UnderlineOutlined />, () => chain().toggleUnderline().run())}
      {tool('strike', state.strike, <StrikethroughOutlined />, () => chain().toggleStrike().run())}
      <Tooltip title={t('editor.heading')}>
        <Button
          size="small"
          type={state.h3 ? 'primary' : 'text'}
          aria-label={t('editor.heading')}
          aria-pressed={state.h3}
          disabled={disabled}
          onMouseDown={keepFocus}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          H
        </Button>
      </Tooltip>
      {tool('bullet', state.bullet, <UnorderedListOutlined />, () => chain().toggleBulletList().run())}
      {tool('ordered', state.ordered, <OrderedListOutlined />, () => chain().toggleOrderedList().run())}
      <LinkTool editor={editor} active={state.link} disabled={disabled} />
      {tool('clear', false, <ClearOutlined />, () => chain().unsetAllMarks().clearNodes().run())}
    </Space>
  );
}

function LinkTool({ editor, active, disabled }: { editor: Editor; active: boolean; disabled?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const safe = href === '' || isSafeLink(href);
  const apply = () => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === '') chain.unsetLink().run();
    else if (safe) chain.setLink({ href }).run();
    if (safe) setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? '');
      }}
      trigger="click"
      content={
        <Space direction="vertical" size={4}>
          <Input
            autoFocus
            value={href}
            placeholder="https://"
            status={safe ? undefined : 'error'}
            onChange={(e) => setHref(e.target.value.trim())}
            onPressEnter={apply}
            aria-label={t('editor.linkAddress')}
            style={{ width: 280 }}
          />
          {!safe && <span style={{ color: '#cf1322' }}>{t('content.linkRule')}</span>}
          <Button size="small" type="primary" onClick={apply} disabled={!safe}>
            {t('common.confirm')}
          </Button>
        </Space>
      }
    >
      <Tooltip title={t('editor.link')}>
        <Button
          size="small"
          type={active ? 'primary' : 'text'}
          icon={<LinkOutlined />}
          aria-label={t('editor.link')}
          disabled={disabled}
        />
      </Tooltip>
    </Popover>
  );
}
