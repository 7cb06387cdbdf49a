const { SourceMapConsumer } = require('source-map-js');
const fs = require('fs'); const path = require('path');
const dir = '/tmp/dist-map/assets';
const totals = {};
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
  const code = fs.readFileSync(path.join(dir, f), 'utf8');
  const mapFile = path.join(dir, f + '.map'); if (!fs.existsSync(mapFile)) continue;
  const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8')));
  const lines = code.split('\n');
  // attribute each char by generated mapping segments
  const segs = []; map.eachMapping((m) => segs.push(m));
  segs.sort((a,b)=> a.generatedLine-b.generatedLine || a.generatedColumn-b.generatedColumn);
  for (let i=0;i<segs.length;i++){ const s=segs[i], n=segs[i+1];
    let len = (n && n.generatedLine===s.generatedLine) ? n.generatedColumn - s.generatedColumn : (lines[s.generatedLine-1]||'').length - s.generatedColumn;
    const src = (s.source||'?').replace(/.*node_modules\//,'nm/').replace(/.*\/client\/src\//,'src/').replace(/.*\/core\/src\//,'core/');
    const key = src.startsWith('nm/') ? src.split('/').slice(0, src.split('/')[1].startsWith('@')?3:2).join('/') : src;
    totals[key]=(totals[key]||0)+len; }
}
const arr = Object.entries(totals).sort((a,b)=>b[1]-a[1]).slice(0,40);
for (const [k,v] of arr) console.log((v/1024).toFixed(1).padStart(7), k);
