import sanitizeHtml from 'sanitize-html';
import { isSafeLink } from '@koi/contract';

/**
 * Operator-written rich text (the notice, the HTML content item, promotion pages) reduced to what a formatted
 * announcement needs: paragraphs, emphasis, lists, small headings and links. Everything else — scripts, styles,
 * event handlers, images, iframes, forms — is dropped, and a link survives only when it passes the same
 * `isSafeLink` rule the console's other links do (http or https, no javascript: or data:); it opens in a new
 * window without access to Koi's page. Applied when the text is written and again when it is read, so a row
 * written before the rule existed is served clean too. The player app renders the result as HTML.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'h3',
    'h4',
    'blockquote',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // An unsafe link keeps its text and loses its address. The tag keeps its name: sanitize-html closes a
    // renamed tag with the name of the last rename, which would leave a following link unclosed.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href ?? '';
      if (!isSafeLink(href)) return { tagName, attribs: {} as sanitizeHtml.Attributes };
      return { tagName, attribs: { href, target: '_blank', rel: 'noopener noreferrer' } };
    },
    h1: 'h3',
    h2: 'h3',
    div: 'p',
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
