import { readFileSync, writeFileSync } from 'node:fs';

// `npm run docs`: docs/openapi.json rendered by Redoc into one static page that needs nothing else,
// no network either: the renderer and the document are both inside it.

const OUTPUT = 'docs/api-reference.html';
const document: unknown = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
const renderer = readFileSync('node_modules/redoc/bundles/redoc.standalone.js', 'utf8');
/** JSON inside a script element: `<` escaped, so no text in the document can close the element. */
const inline = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

writeFileSync(
  OUTPUT,
  `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Clinical Assistant API reference</title>
</head>
<body>
<div id="reference"></div>
<script>${renderer.replaceAll('</script', '<\\/script')}</script>
<script>Redoc.init(${inline(document)}, { hideDownloadButton: true }, document.getElementById('reference'));</script>
</body>
</html>
`,
);
console.log(`Wrote ${OUTPUT}: open it in a browser.`);
