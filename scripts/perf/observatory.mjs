// Scores each route type with the MDN HTTP Observatory's own tests and grader (its CLI scans only a
// host's root and refuses a 404, so this calls its retriever with a path and grades like its scan()).
// Usage (the production cluster running: npm run cluster -- start; its self-signed certificate is
// trusted for the run through NODE_EXTRA_CA_CERTS, as a real one would be):
//   npm install --prefix /tmp/obs --ignore-scripts @mdn/mdn-http-observatory@1.4.8
//   echo '{}' > /tmp/obs/node_modules/@mdn/mdn-http-observatory/conf/hsts-preload.json
//   NODE_EXTRA_CA_CERTS=.servers/nginx/tls.crt node scripts/perf/observatory.mjs /tmp/obs/node_modules/@mdn/mdn-http-observatory localhost 3280 3443
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [, , dir, host = 'localhost', httpPort = '3280', httpsPort = '3443'] = process.argv;
if (!dir) throw new Error('usage: node scripts/perf/observatory.mjs <observatory package dir> [host] [httpPort] [httpsPort]');
const load = (file) => import(pathToFileURL(path.join(dir, 'src', file)).href);
const { retrieve } = await load('retriever/retriever.js');
const { ALL_TESTS } = await load('constants.js');
const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await load('grader/charts.js');
const { getGradeForScore, getScoreModifier } = await load('grader/grader.js');

const routes = [
  ['HTML page', '/lv-lv'],
  ['company page', '/cy-el/companies/erimi'],
  ['form', '/lv-lv/ask-question'],
  ['404', '/lv-lv/no-such-page'],
  ['JSON API', '/api/site/pages?lang=en'],
  ['sitemap', '/sitemap.xml'],
  ['RSS feed', '/lv-en/blog/rss.xml'],
];

console.log('| route type | path | status | grade | score | tests failed |');
console.log('|---|---|---|---|---|---|');
for (const [kind, route] of routes) {
  const r = await retrieve(host, { httpPort, httpsPort, path: route });
  const results = ALL_TESTS.map((test) => test(r));
  let extra = 100;
  let uncurved = 100;
  const failed = [];
  for (const result of results) {
    if (!result.result) continue;
    const modifier = getScoreModifier(result.result);
    extra += modifier;
    if (modifier < 0) uncurved += modifier;
    if (!result.pass) failed.push(`${result.constructor.name}: ${result.result}`);
  }
  const { grade, score } = getGradeForScore(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? extra : uncurved);
  console.log(`| ${kind} | ${route} | ${r.responses.auto?.status} | ${grade} | ${score} | ${failed.join('; ') || 'none'} |`);
}
