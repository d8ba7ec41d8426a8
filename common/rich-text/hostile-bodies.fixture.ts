/**
 * Hostile post bodies: each one calls `alert(…)` or loads `beaconUrl` if any part of it ever
 * executes or fetches. Shared by the server's API test (what gets stored) and the browser test
 * (what renders), so both sides are held to the same battery. Pure data on purpose.
 *
 * Sources for the shapes: DOMPurify's expect.mjs, sanitize-html's test suite, the OWASP XSS
 * filter evasion cheat sheet; what they guard is described in docs/security.md#post-html.
 *
 * `beaconUrl` must be a plain absolute http(s) URL without quotes or spaces; it is pasted into
 * attribute values, CSS and JavaScript strings as it is.
 */
export interface HostileBody {
  name: string;
  html: string;
}

const ALERT = 'alert(1)';

function scriptBodies(b: string): HostileBody[] {
  return [
    { name: 'script plain', html: `<script>${ALERT}</script>` },
    { name: 'script uppercase', html: `<SCRIPT>${ALERT}</SCRIPT>` },
    { name: 'script mixed case with src', html: `<ScRiPt src="${b}"></ScRiPt>` },
    { name: 'script nested split', html: `<scr<script>ipt>${ALERT}</scr</script>ipt>` },
    { name: 'script double angle', html: `<<script>script>${ALERT}<</script>/script>` },
    { name: 'script inside paragraph', html: `<p>hi<script>${ALERT}</p></script>` },
    { name: 'script unclosed', html: `<p>x</p><script>${ALERT}` },
    { name: 'script module import', html: `<script type="module">import('${b}')</script>` },
    { name: 'script in svg', html: `<svg><script>${ALERT}</script></svg>` },
    {
      name: 'script in svg via xlink:href',
      html: `<svg><script xlink:href="data:text/javascript,${ALERT}"></script></svg>`,
    },
    { name: 'script with NUL in tag name', html: `<p>ok</p><scr\u0000ipt>${ALERT}</scr\u0000ipt>` },
    { name: 'script after malformed img', html: `<img """><script>${ALERT}</script>">` },
  ];
}

function handlerBodies(b: string): HostileBody[] {
  return [
    { name: 'img onerror', html: `<img src=x onerror=${ALERT}>` },
    { name: 'img onerror with slashes', html: `<img/src=x/onerror=${ALERT}>` },
    { name: 'img onerror backtick', html: `<img src=\`x\`onerror=${ALERT}>` },
    { name: 'body onload', html: `<body onload=${ALERT}><p>x</p></body>` },
    { name: 'p onclick', html: `<p onclick="${ALERT}">click me</p>` },
    { name: 'strong onmouseover', html: `<p><strong onmouseover="${ALERT}">hover</strong></p>` },
    { name: 'em onpointerenter', html: `<p><em onpointerenter="${ALERT}">point</em></p>` },
    { name: 'li onauxclick', html: `<ul><li onauxclick="${ALERT}">item</li></ul>` },
    { name: 'input onfocus autofocus', html: `<input autofocus onfocus=${ALERT}>` },
    {
      name: 'link onfocus autofocus tabindex',
      html: `<p><a href="https://example.com/" tabindex="1" autofocus onfocus="${ALERT}">x</a></p>`,
    },
    {
      name: 'onanimationstart with style keyframes',
      html: `<style>@keyframes x{}</style><p style="animation-name:x" onanimationstart="${ALERT}">x</p>`,
    },
    { name: 'details ontoggle', html: `<details open ontoggle=${ALERT}><summary>x</summary></details>` },
    { name: 'svg animate onbegin', html: `<svg><animate onbegin=${ALERT} attributeName=x dur=1s>` },
    { name: 'svg onload', html: `<svg onload=${ALERT}>` },
    { name: 'video source onerror', html: `<video><source onerror="${ALERT}"></video>` },
    { name: 'audio src onerror', html: `<audio src=x onerror=${ALERT}></audio>` },
    { name: 'marquee onstart', html: `<marquee onstart=${ALERT}>x</marquee>` },
    { name: 'custom element onclick', html: `<x-post onclick=${ALERT}>x</x-post>` },
    { name: 'isindex image onerror', html: `<isindex type=image src=1 onerror=${ALERT}>` },
    {
      name: 'handler after allowed link closes early',
      html: `<p><a href="https://example.com/" onmouseover=${ALERT}//>x</a></p>`,
    },
    {
      name: 'blockquote onbeforeinput contenteditable',
      html: `<blockquote contenteditable onbeforeinput="${ALERT}">x</blockquote>`,
    },
    { name: 'img beacon', html: `<p>look</p><img src="${b}" alt="">` },
    { name: 'img srcset beacon', html: `<img srcset="${b} 1x, ${b} 2x">` },
    { name: 'img srcset javascript', html: `<img srcset="javascript:${ALERT} 1x">` },
    { name: 'video poster beacon', html: `<video poster="${b}"></video>` },
    { name: 'input image beacon', html: `<input type="image" src="${b}">` },
    { name: 'table background beacon', html: `<table background="${b}"><tr><td>x</td></tr></table>` },
    { name: 'image inside allowed link', html: `<p><a href="https://example.com/"><img src="${b}"></a></p>` },
  ];
}

function urlBodies(): HostileBody[] {
  const link = (href: string) => `<p><a href="${href}">click</a></p>`;
  return [
    { name: 'javascript link', html: link(`javascript:${ALERT}`) },
    { name: 'javascript link mixed case', html: link(`JaVaScRiPt:${ALERT}`) },
    { name: 'javascript link decimal entity', html: link(`&#106;avascript:${ALERT}`) },
    { name: 'javascript link hex entity', html: link(`&#x6A;avascript:${ALERT}`) },
    { name: 'javascript link zero padded entity', html: link(`&#0000106avascript:${ALERT}`) },
    {
      name: 'javascript link hex entities without semicolons',
      html: link(
        '&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x31&#x29',
      ),
    },
    { name: 'javascript link colon entity', html: link(`javascript&colon;${ALERT}`) },
    { name: 'javascript link named entities', html: link('jAvAsCrIpT&colon;alert&lpar;1&rpar;') },
    { name: 'javascript link tab entity', html: link(`java&Tab;script:${ALERT}`) },
    { name: 'javascript link escaped tab entity', html: link(`jav&#x09;ascript:${ALERT}`) },
    { name: 'javascript link raw tab', html: link(`java\tscript:${ALERT}`) },
    { name: 'javascript link raw newline', html: link(`java\nscript:${ALERT}`) },
    { name: 'javascript link NUL', html: link(`java\u0000script:${ALERT}`) },
    { name: 'javascript link leading spaces', html: link(`   javascript:${ALERT}`) },
    { name: 'javascript link leading control', html: link(`\u0001\u000Ejavascript:${ALERT}`) },
    { name: 'javascript link leading entity control', html: link(` &#14;  javascript:${ALERT}`) },
    { name: 'javascript link comment newline', html: link(`javascript://%0a${ALERT}`) },
    { name: 'javascript link unquoted', html: `<p><a href=javascript:${ALERT}>click</a></p>` },
    { name: 'data html link', html: link(`data:text/html,&lt;script&gt;${ALERT}&lt;/script&gt;`) },
    {
      name: 'data html base64 link upper case',
      html: link('DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='),
    },
    { name: 'vbscript link', html: link('vbscript:msgbox(1)') },
    { name: 'vbscript link mixed case', html: link('VbScRiPt:msgbox(1)') },
    {
      name: 'href attribute breakout',
      html: `<p><a href='https://example.com/"onmouseover="${ALERT}'>x</a></p>`,
    },
    {
      name: 'title attribute entity breakout',
      html: `<p title="&quot;&gt;&lt;img src=x onerror=${ALERT}&gt;">x</p>`,
    },
    {
      name: 'form action javascript',
      html: `<form action="javascript:${ALERT}"><input type="submit" value="go"></form>`,
    },
    {
      name: 'button formaction javascript',
      html: `<form><button formaction="javascript:${ALERT}">go</button></form>`,
    },
    { name: 'math href javascript', html: `<math href="javascript:${ALERT}">CLICKME</math>` },
    {
      name: 'svg a xlink:href javascript',
      html: `<svg><a xlink:href="javascript:${ALERT}"><text x="20" y="20">x</text></a></svg>`,
    },
    {
      name: 'svg set href to javascript',
      html: `<svg><a><set attributeName="href" to="javascript:${ALERT}"/><text y="20">x</text></a></svg>`,
    },
  ];
}

function mentionBodies(): HostileBody[] {
  return [
    {
      name: 'mention spoof javascript href',
      html: `<p><a data-type="mention" data-id="x" href="javascript:${ALERT}">@x</a></p>`,
    },
    {
      name: 'mention spoof onclick',
      html: `<p><a href="/@alice" data-type="mention" data-id="alice" onclick="${ALERT}">@alice</a></p>`,
    },
    {
      name: 'mention spoof data-id breakout',
      html: `<p><a href="/@x" data-type="mention" data-id="x&quot; onmouseover=&quot;${ALERT}">@x</a></p>`,
    },
    {
      name: 'mention spoof data-id javascript',
      html: `<p><a data-type="mention" data-id="javascript:${ALERT}">@x</a></p>`,
    },
    {
      name: 'mention markup on paragraph',
      html: `<p data-type="mention" data-id="alice" onclick="${ALERT}">@alice</p>`,
    },
  ];
}

function namespaceBodies(): HostileBody[] {
  const img = `<img src=x onerror=${ALERT}>`;
  return [
    { name: 'svg p style confusion', html: `<svg></p><style><a id="</style>${img}">` },
    { name: 'math mglyph style', html: `<math><mtext><table><mglyph><style>${img}` },
    {
      name: 'math mglyph style comment (DOMPurify 2.0.17)',
      html: `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${ALERT}&gt;">`,
    },
    { name: 'svg foreignObject img', html: `<svg><foreignObject>${img}</foreignObject></svg>` },
    {
      name: 'math annotation-xml html',
      html: `<math><annotation-xml encoding="text/html">${img}</annotation-xml></math>`,
    },
    { name: 'svg style not raw text', html: `<svg><style>${img}</style></svg>` },
    {
      name: 'nested forms mxss',
      html: `<form><math><mtext></form><form><mglyph><style></math>${img}`,
    },
    { name: 'noscript title mxss', html: `<noscript><p title="</noscript>${img}">` },
    { name: 'noscript img', html: `<noscript>${img}</noscript>` },
    { name: 'template img', html: `<template>${img}</template>` },
    { name: 'template script', html: `<template><script>${ALERT}</script></template>` },
    { name: 'xmp raw text', html: `<xmp><p title="</xmp>${img}">` },
    { name: 'noembed raw text', html: `<noembed><p title="</noembed>${img}">` },
    { name: 'noframes raw text', html: `<noframes><p title="</noframes>${img}">` },
    { name: 'textarea raw text', html: `<textarea><p title="</textarea>${img}">` },
    { name: 'title raw text', html: `<title><p title="</title>${img}">` },
    { name: 'iframe raw text', html: `<iframe><p title="</iframe>${img}">` },
    { name: 'plaintext', html: `<plaintext>${img}` },
    {
      name: 'selectedcontent clone',
      html: `<select><button><selectedcontent></selectedcontent></button><option>${img}</option></select>`,
    },
    { name: 'deep nesting', html: `${'<blockquote>'.repeat(600)}${img}` },
  ];
}

function commentBodies(b: string): HostileBody[] {
  const img = `<img src=x onerror=${ALERT}>`;
  return [
    { name: 'comment hides img', html: `<p>x</p><!--${img}-->` },
    { name: 'comment abrupt close', html: `<p>x</p><!-->${img}-->` },
    { name: 'comment bang close', html: `<p>x</p><!-- --!>${img}-->` },
    { name: 'comment inside paragraph', html: `<p><!--</p>${img}--></p>` },
    { name: 'cdata in html', html: `<p>x</p><![CDATA[>${img}]]>` },
    { name: 'cdata in svg', html: `<svg><![CDATA[>${img}]]></svg>` },
    { name: 'processing instruction', html: `<?xml-stylesheet href="${b}"?><?>${img}` },
    { name: 'bogus comment from end tag', html: `<p>x</p></ ${img}>` },
  ];
}

function styleBodies(b: string): HostileBody[] {
  return [
    { name: 'style expression', html: `<p style="width:expression(${ALERT})">x</p>` },
    { name: 'style url javascript', html: `<p style="background:url(javascript:${ALERT})">x</p>` },
    { name: 'style url beacon', html: `<p style="background-image:url('${b}')">x</p>` },
    { name: 'style escaped url beacon', html: `<p style="background:\\75\\72\\6c('${b}')">x</p>` },
    { name: 'style moz-binding', html: `<p style="-moz-binding:url('${b}#xss')">x</p>` },
    { name: 'style behavior', html: `<p style="behavior:url('${b}')">x</p>` },
    { name: 'style tag beacon', html: `<style>*{background:url('${b}')}</style><p>x</p>` },
    { name: 'style tag import', html: `<style>@import url("${b}");</style><p>x</p>` },
    {
      name: 'style overlay link',
      html: `<p><a href="https://example.com/" style="position:fixed;inset:0;background:url('${b}')">x</a></p>`,
    },
    {
      name: 'code class breakout',
      html: `<pre><code class="language-js&quot; onmouseover=&quot;${ALERT}">x</code></pre>`,
    },
    {
      name: 'code class with handler',
      html: `<pre><code class="language-x onmouseover=${ALERT}">x</code></pre>`,
    },
    { name: 'ol start breakout', html: `<ol start="1&quot; onclick=&quot;${ALERT}"><li>x</li></ol>` },
  ];
}

function documentBodies(b: string): HostileBody[] {
  return [
    {
      name: 'meta refresh javascript',
      html: `<meta http-equiv="refresh" content="0;url=javascript:${ALERT}">`,
    },
    { name: 'meta refresh beacon', html: `<meta http-equiv="refresh" content="0;url=${b}">` },
    { name: 'base href javascript', html: `<base href="javascript:${ALERT}//"><p><a href="/x">x</a></p>` },
    { name: 'base href beacon', html: `<base href="${b}"><p><a href="x">x</a></p>` },
    { name: 'link stylesheet', html: `<link rel="stylesheet" href="${b}"><p>x</p>` },
    { name: 'link import', html: `<link rel="import" href="${b}"><p>x</p>` },
    { name: 'link prefetch', html: `<link rel="prefetch" href="${b}"><p>x</p>` },
    { name: 'iframe src javascript', html: `<iframe src="javascript:${ALERT}"></iframe>` },
    { name: 'iframe src beacon', html: `<iframe src="${b}"></iframe>` },
    { name: 'iframe srcdoc', html: `<iframe srcdoc="&lt;script&gt;${ALERT}&lt;/script&gt;"></iframe>` },
    { name: 'object data javascript', html: `<object data="javascript:${ALERT}"></object>` },
    {
      name: 'object data html base64',
      html: '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
    },
    { name: 'embed src javascript', html: `<embed src="javascript:${ALERT}">` },
    {
      name: 'embed svg data',
      html: '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+PC9zdmc+">',
    },
    { name: 'frameset onload', html: `<frameset onload=${ALERT}>` },
    {
      name: 'dom clobbering id and name',
      html: `<p><a id="location" name="cookie" href="javascript:${ALERT}">x</a></p><form name="body"><input name="appendChild"></form>`,
    },
    { name: 'dom clobbering img name', html: `<img name="currentScript" id="defaultView" src="${b}">` },
  ];
}

export function hostileBodies(beaconUrl: string): HostileBody[] {
  return [
    ...scriptBodies(beaconUrl),
    ...handlerBodies(beaconUrl),
    ...urlBodies(),
    ...mentionBodies(),
    ...namespaceBodies(),
    ...commentBodies(beaconUrl),
    ...styleBodies(beaconUrl),
    ...documentBodies(beaconUrl),
  ];
}
