// The project's import rules (docs: the "Layout" of README.md), as ESLint rules, so a wrong import
// fails `npm run lint` and CI. Small and specific on purpose: each rule names the rule of the design
// it enforces and says what to do instead.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Domain folders of lib/: entered from outside only through their doors. */
export const DOMAINS = ['content', 'db', 'mail', 'outbox', 'payments', 'privacy', 'submissions'];
/**
 * The doors of each domain: `index`, and the pure modules (no environment, no database, no store, no
 * file system). The browser imports those one by one: Next cannot drop the unused modules behind a
 * local barrel, and a browser door re-exporting them all cost routes 8 to 34 KiB of gzipped JS.
 */
export const PURE = { content: ['format', 'search', 'guide-items', 'schemas'], payments: ['card', 'price', 'schemas', 'state', 'reference', 'breakdown', 'sandbox'] };
const doorsOf = (domain) => ['index', ...(PURE[domain] ?? [])];

/** The repository path an import names (`lib/payments/store`), or null for a package. */
function resolve(fromFile, specifier) {
  let target;
  if (specifier.startsWith('@/')) target = specifier.slice(2);
  else if (specifier.startsWith('.')) target = path.relative(root, path.resolve(path.dirname(fromFile), specifier));
  else return null;
  return target.split(path.sep).join('/').replace(/\?.*$/, '').replace(/\.(d\.mts|mjs|js|ts|tsx)$/, '').replace(/\/index$/, '');
}

const under = (file, folder) => file === folder || file.startsWith(`${folder}/`);

/** What is wrong with `file` importing `target` (both repository paths), or null. */
export function violation(file, target, { typeOnly = false } = {}) {
  if (under(file, 'tests') || under(file, 'e2e')) return null; // tests may open any door to test behind it
  const domain = DOMAINS.find((d) => under(target, `lib/${d}`));

  // 1. Each domain of lib/ has doors; nothing outside the domain reaches past them.
  if (domain && !under(file, `lib/${domain}`)) {
    const inner = target.slice(`lib/${domain}`.length + 1);
    if (inner && !doorsOf(domain).includes(inner)) return `lib/${domain} is entered through its door: import '@/lib/${domain}'${PURE[domain] ? ` (or, in the browser, one of its pure modules: ${PURE[domain].join(', ')})` : ''}, not '${target}'`;
  }

  // 2. components/ is UI: it gets data and actions as props; it reads no env, no database, no store, nothing from app/.
  if (under(file, 'components')) {
    if (under(target, 'app')) return 'components/ imports nothing from app/: the page hands actions and data down as props';
    if (target === 'lib/env' || target === 'lib/boot-env') return 'components/ reads no environment: the page passes the value as a prop';
    if (!typeOnly && domain && !(PURE[domain] ?? []).some((m) => target === `lib/${domain}/${m}`))
      return `components/ imports only a domain's pure modules${PURE[domain] ? ` (${PURE[domain].join(', ')})` : ''} or its types: the door loads the database and the environment`;
  }

  // 3. Libraries below the domains know none of them.
  if (under(file, 'lib/i18n') && (under(target, 'lib/content') || under(target, 'lib/payments') || under(target, 'content'))) return 'lib/i18n knows no content and no payments: existence checks are handed in';
  if (file === 'lib/routes.ts' && (under(target, 'lib/content') || under(target, 'content'))) return 'lib/routes.ts knows no content module: existence checks are handed in';
  if (under(file, 'lib/forms') && domain) return 'lib/forms knows no storage and no domain: one zod schema per form, shared by browser and server';
  if (under(file, 'lib/outbox') && domain && domain !== 'outbox' && domain !== 'db') return 'lib/outbox is a generic queue and imports no consumer: register the handler in instrumentation.ts';
  const pure = DOMAINS.find((d) => (PURE[d] ?? []).some((m) => file.replace(/\.tsx?$/, '') === `lib/${d}/${m}`));
  if (pure && !typeOnly && (target === 'lib/env' || under(target, 'lib/db') || target.endsWith('/store') || target === 'lib/content' || target === 'lib/payments'))
    return `lib/${pure}/${path.basename(file)} is a pure module: no environment, no database, no store, no door`;
  return null;
}

const importRule = {
  meta: { type: 'problem', docs: { description: 'the import boundaries of the design' }, schema: [] },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    function check(node, source, typeOnly) {
      if (typeof source?.value !== 'string') return;
      const target = resolve(context.filename, source.value);
      if (!target) return;
      const message = violation(file, target, { typeOnly });
      if (message) context.report({ node: source, message });
    }
    return {
      ImportDeclaration: (node) =>
        check(node, node.source, node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'))),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
    };
  },
};

/** Files that may read process.env: the two environment modules (everything else reads them). */
export const ENV_READERS = ['lib/env.ts', 'lib/boot-env.ts'];

const envRule = {
  meta: { type: 'problem', docs: { description: 'only lib/env.ts (the app) and lib/boot-env.ts (outside the app) read process.env' }, schema: [] },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    if (ENV_READERS.includes(file)) return {};
    return {
      MemberExpression(node) {
        if (node.object.type === 'Identifier' && node.object.name === 'process' && !node.computed && node.property.name === 'env') {
          context.report({ node, message: "only lib/env.ts reads process.env: add the key to its schema (and .env.example) and import { env } from '@/lib/env'" });
        }
      },
    };
  },
};

const plugin = { meta: { name: 'billme' }, rules: { imports: importRule, 'process-env': envRule } };
export default plugin;
