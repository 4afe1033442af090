// The build is for production whatever NODE_ENV the shell has (package.json sets it), and this
// makes sure of it: React's development JSX runtime (jsxDEV) in the browser's bundle means a
// development build, whose server-rendered twin production's React cannot render (every page would
// come out empty). Only dist/ is read: the server bundle (dist-ssr) keeps React's own runtime with
// both branches, chosen when it runs, so the name is there in a good build too.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const distDir = path.resolve(import.meta.dirname, '..', 'dist');
const found = readdirSync(distDir, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.js') && readFileSync(path.join(distDir, file), 'utf8').includes('jsxDEV'));
if (found.length > 0) {
  console.error(`The build holds React's development runtime (jsxDEV) in ${found.join(', ')}: it is not a production build.`);
  process.exit(1);
}
