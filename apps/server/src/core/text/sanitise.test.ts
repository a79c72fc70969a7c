import { describe, expect, it } from 'vitest';
import { sanitiseRichText } from './sanitise.ts';

describe('sanitiseRichText', () => {
  it('removes scripts with their content, and styles', () => {
    expect(sanitiseRichText('<p>Hi<script>alert(1)</script></p>')).toBe('<p>Hi</p>');
    expect(sanitiseRichText('<style>body{display:none}</style><p>Hi</p>')).toBe('<p>Hi</p>');
    expect(sanitiseRichText('<p style="position:fixed;inset:0">Hi</p>')).toBe('<p>Hi</p>');
  });

  it('removes event handlers and every attribute outside the list', () => {
    expect(sanitiseRichText('<p onclick="x()" id="a" class="b">Hi</p>')).toBe('<p>Hi</p>');
    expect(sanitiseRichText('<strong onmouseover="x()">Hi</strong>')).toBe('<strong>Hi</strong>');
    expect(sanitiseRichText('<img src="x" onerror="alert(1)">')).toBe('');
    expect(sanitiseRichText('<svg onload="alert(1)"><circle/></svg>ok')).toBe('ok');
  });

  it('removes javascript:, data: and protocol-relative links but keeps the text', () => {
    expect(sanitiseRichText('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow ugc">x</a>',
    );
    expect(sanitiseRichText('<a href="JaVaScRiPt&colon;alert(1)">x</a>')).not.toMatch(/script/i);
    expect(sanitiseRichText('<a href="data:text/html,<script>x</script>">x</a>')).not.toMatch(
      /href/,
    );
    expect(sanitiseRichText('<a href="//evil.example/">x</a>')).not.toMatch(/href/);
  });

  it('removes iframes, objects, forms and embeds', () => {
    expect(sanitiseRichText('<iframe src="https://evil.example/"></iframe><p>a</p>')).toBe(
      '<p>a</p>',
    );
    expect(sanitiseRichText('<object data="x.swf"></object><embed src="x">')).toBe('');
    expect(sanitiseRichText('<form action="/x"><input name="a"><button>Go</button></form>')).toBe(
      'Go',
    );
  });

  it('keeps what the editor writes: marks, headings, lists, quotes, code and links', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br>x</p>' +
      '<ul><li><p>one</p></li></ul><ol start="3" type="a"><li><p>three</p></li></ol>' +
      '<blockquote><p>q</p></blockquote><hr><pre><code class="language-js">let a = 1;</code></pre>' +
      '<p><a target="_blank" rel="noopener noreferrer nofollow ugc" href="https://example.com/">link</a></p>';
    expect(sanitiseRichText(html)).toBe(html.replace('<hr>', '<hr />').replace('<br>', '<br />'));
  });

  it('forces the safe rel on links and keeps mailto', () => {
    expect(sanitiseRichText('<a href="mailto:a@example.com" rel="opener">m</a>')).toBe(
      '<a href="mailto:a@example.com" rel="noopener noreferrer nofollow ugc">m</a>',
    );
  });

  it('drops tags the editor cannot produce but keeps their text', () => {
    expect(sanitiseRichText('<h1>Big</h1><div><span>text</span></div>')).toBe('Bigtext');
    expect(sanitiseRichText('<ol type="disc" start="2;x"><li>x</li></ol>')).toBe(
      '<ol><li>x</li></ol>',
    );
    expect(sanitiseRichText('<code class="evil language-ts">x</code>')).toBe(
      '<code class="language-ts">x</code>',
    );
  });

  it('escapes stray angle brackets of plain text and trims', () => {
    expect(sanitiseRichText('  2 < 3 & 4 > 1  ')).toBe('2 &lt; 3 &amp; 4 &gt; 1');
  });

  describe('with images allowed from our own addresses', () => {
    const own = (src: string) => /^\/api\/img\/[0-9a-f]{4}\/$/.test(src);
    const clean = (html: string) => sanitiseRichText(html, { imageSrc: own });

    it('keeps an image of ours with its alt text and title, nothing else of it', () => {
      expect(
        clean('<p><img src="/api/img/ab12/" alt="A ladder" title="t" width="9" onerror="x()"></p>'),
      ).toBe('<p><img src="/api/img/ab12/" alt="A ladder" title="t" /></p>');
    });

    it('drops images from anywhere else, and images without an address', () => {
      for (const src of [
        'https://evil.example/track.png',
        '//evil.example/a.png',
        'data:image/png;base64,AAAA',
        'javascript:alert(1)',
        '/api/img/ab12/../../logout/',
        '/api/img/AB12/',
        '',
      ]) {
        expect(clean(`<p>x<img src="${src}" alt="a"></p>`), src).toBe('<p>x</p>');
      }
      expect(clean('<p>x<img alt="no src"></p>')).toBe('<p>x</p>');
    });

    it('still drops images where a field does not allow them', () => {
      expect(sanitiseRichText('<p><img src="/api/img/ab12/"></p>')).toBe('<p></p>');
    });
  });
});
