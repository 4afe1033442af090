// `npm run openapi`: writes docs/openapi.json from the code (scripts/openapi-document.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateOpenApiText, OPENAPI_FILE } from './openapi-document.ts';

writeFileSync(OPENAPI_FILE, await generateOpenApiText());
console.log(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE)}.`);
