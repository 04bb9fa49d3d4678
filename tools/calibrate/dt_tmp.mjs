import { execFileSync } from 'child_process';
import { parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
const [file, col] = process.argv.slice(2);
const b = execFileSync('git', ['-C', '/work/.mirror/ai-dynamo+aiconfigurator/repo', 'show', `HEAD:aic-core/src/aiconfigurator_core/systems/data/${file}`], { maxBuffer: 1 << 30 });
const rows = await parquetReadObjects({ file: b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength), compressors });
const m = new Map();
for (const r of rows) { const k = String(r[col]) + (r.kernel_source ? ' / ' + r.kernel_source : ''); m.set(k, (m.get(k) || 0) + 1); }
console.log(file, [...m.entries()]);
console.log(Object.keys(rows[0]));
