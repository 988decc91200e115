// Prints the initial JS and CSS of the built app (what index.html loads before any lazy route), gzipped.
// Issue 6 budget: initial JS ≤ 180 KB gzip.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
let js = 0;
let css = 0;
for (const file of new Set(files)) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
  if (file.endsWith('.js')) js += size;
  else css += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`initial JS ${(js / 1024).toFixed(1)} KB gzip, CSS ${(css / 1024).toFixed(1)} KB gzip`);
if (js > 180 * 1024) process.exitCode = 1;
