// temporary helper (not committed): crops a tall PNG into segments of `height` px, scaled by `scale`
import { chromium } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
const [file, height = '1400', scale = '1'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
const source = `data:image/png;base64,${readFileSync(file).toString('base64')}`;
const parts = await page.evaluate(async ({ source, height, scale }) => {
  const image = new Image(); image.src = source; await image.decode();
  const out = [];
  for (let y = 0; y < image.naturalHeight; y += height) {
    const h = Math.min(height, image.naturalHeight - y);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.naturalWidth * scale); canvas.height = Math.round(h * scale);
    canvas.getContext('2d').drawImage(image, 0, y, image.naturalWidth, h, 0, 0, canvas.width, canvas.height);
    out.push(canvas.toDataURL('image/png'));
  }
  return out;
}, { source, height: Number(height), scale: Number(scale) });
parts.forEach((url, index) => writeFileSync(file.replace(/\.png$/, `.part${index}.png`), Buffer.from(url.split(',')[1], 'base64')));
console.log(parts.length);
await browser.close();
