// `npm run openapi`: writes docs/openapi.json from the code, and the web's types from that document
// (scripts/openapi-document.ts).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { API_TYPES_FILE, generateApiTypesText, generateOpenApiText, OPENAPI_FILE } from './openapi-document.ts';

const openApiText = await generateOpenApiText();
writeFileSync(OPENAPI_FILE, openApiText);
writeFileSync(API_TYPES_FILE, await generateApiTypesText(openApiText));
for (const file of [OPENAPI_FILE, API_TYPES_FILE]) console.log(`Wrote ${path.relative(process.cwd(), file)}.`);
