import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps the formatting an announcement needs', () => {
    const html =
      '<p><strong>维护通知</strong>：<em>今晚</em> <u>02:00</u></p><ul><li>一</li><li>二</li></ul><h3>标题</h3>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops scripts, styles, handlers, images and frames, keeping their text only where it is text', () => {
    expect(sanitizeRichText('<p onclick="steal()">hi<script>alert(1)</script></p>')).toBe('<p>hi</p>');
    expect(sanitizeRichText('<img src=x onerror=alert(1)><iframe src="https://x"></iframe>ok')).toBe('ok');
    expect(sanitizeRichText('<style>p{}</style><p style="color:red">a</p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg>x')).toBe('x');
  });

  it('keeps safe links, opening in a new window without access to the page, and unlinks the rest', () => {
    expect(sanitizeRichText('<a href="https://koi.example/a" onclick="x()">a</a>')).toBe(
      '<a href="https://koi.example/a" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeRichText('<a href="javascript:alert(1)">a</a>')).toBe('<a>a</a>');
    expect(sanitizeRichText('<a href="data:text/html,x">a</a>')).toBe('<a>a</a>');
    expect(sanitizeRichText('<a href="//evil.example">a</a>')).toBe('<a>a</a>');
  });

  it('closes every link where it was closed, whatever came before it', () => {
    expect(sanitizeRichText('<a href="javascript:x">a</a> <a href="https://k.example/">b</a>')).toBe(
      '<a>a</a> <a href="https://k.example/" target="_blank" rel="noopener noreferrer">b</a>',
    );
  });

  it('maps big headings and divs to the allowed ones', () => {
    expect(sanitizeRichText('<h1>A</h1><div>b</div>')).toBe('<h3>A</h3><p>b</p>');
  });
});
