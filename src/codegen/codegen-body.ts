/**
 * The declarations of one generated module file: for each holder of data
 * nodes an interface (a type alias when it has choices: its members `&` the
 * union of each choice's cases, the members of the other cases `?: never`)
 * and its codec `NameC`; leaf value types and codecs shared where equal.
 *
 * | YANG | member |
 * |---|---|
 * | leaf | its value type (see ts-type-of.ts); optional; required: list keys, mandatory leaves of an rpc's or action's input or output |
 * | leaf-list | an array of its value type |
 * | container | the container's interface |
 * | list | an array of the entry interface |
 * | anydata / anyxml | `Record<string, unknown>` / `unknown` |
 *
 * Member names are RFC 7951's: bare, `module:name` where the node's module
 * differs from its parent's (and at the top of a document). In data trees
 * mandatory is a tree-level rule, as in the server's decoder: noted in the
 * JSDoc, not required by the type (a reflected object may omit what a
 * node or the datastore supplies). In an rpc's or action's input and output,
 * where the handler writes or reads the whole document, a mandatory leaf
 * (or anydata) without `when`, outside any choice, is a required member.
 * The config variant of a holder leaves state out and
 * is generated only where it differs (`NameConfig`).
 */
import type {
  ChildHolder, DataDef, LeafListMeta, LeafMeta, ModuleMeta, SchemaContext, TypeMeta,
} from '../meta/meta.ts';
import { qualifiedName } from '../meta/qualified-name.ts';
import { NameAllocator, jsDoc, pascalCase, propertyKey } from './ts-names.ts';
import { tsTypeOf } from './ts-type-of.ts';
import { typeSpecOf } from './type-spec-of.ts';

type Content = 'all' | 'config';

interface Member {
  readonly key: string;
  readonly type: string;
  readonly codec: string;
  readonly required: boolean;
  readonly doc: string;
}

interface CaseBody {
  readonly name: string;
  readonly members: readonly Member[];
  readonly choices: readonly ChoiceBody[];
}

interface ChoiceBody {
  readonly name: string;
  readonly cases: readonly CaseBody[];
}

interface Body {
  readonly members: readonly Member[];
  readonly choices: readonly ChoiceBody[];
}

type Holder = Exclude<ChildHolder, ModuleMeta>;

/** A mandatory leaf or anydata that every instance of an operation's input or output has: no `when` on the way, no choice. */
const requiredInOperation = (d: DataDef): boolean => {
  if (!((d.kind === 'leaf' || d.kind === 'anydata' || d.kind === 'anyxml') && d.mandatory) || d.when.length > 0) return false;
  for (let p = d.parent; p !== undefined; p = p.parent) {
    if (p.kind === 'input' || p.kind === 'output') return true;
    if (p.kind !== 'container' && p.kind !== 'list') return false;
  }
  return false;
};

const deepKeys = (c: CaseBody): string[] => [...c.members.map((m) => m.key), ...c.choices.flatMap((ch) => ch.cases.flatMap(deepKeys))];

const firstParagraph = (text: string | undefined): string[] => (text === undefined ? [] : (text.trim().split(/\n\s*\n/)[0] ?? '').split('\n'));

export class CodegenBody {
  readonly declarations: string[] = [];
  /** Runtime helpers the declarations use. */
  readonly used = new Set<string>();
  private readonly names = new NameAllocator(['t', 'model', 'TypeSpec', 'YangModel', 'yangLeaf', 'yangObject', 'yangList', 'yangLeafList', 'yangAnydata']);
  private readonly holders = new Map<Holder, Map<Content, string>>();
  private readonly stateCache = new Map<object, boolean>();
  private readonly specs = new Map<string, string>();
  private readonly leafCodecs = new Map<string, string>();
  private readonly aliases = new Map<string, string>();

  constructor(private readonly module: ModuleMeta, _schema: SchemaContext) {}

  /** The module's top level as one holder: bare names (what `reflect` binds) or qualified (an instance document). */
  rootHolder(name: string, content: Content, qualified: boolean, description: string | undefined): string {
    const typeName = this.names.take(name);
    const body = this.body(this.module.children, qualified ? undefined : this.module, content, []);
    this.emit(typeName, this.module.name, body, description === undefined ? [] : firstParagraph(description));
    return typeName;
  }

  /** The interface name of a container, list entry, input, output or notification (generated on first use). */
  holder(h: Holder, content: Content, path: readonly string[], description?: string): string {
    const c: Content = content === 'config' && this.hasState(h) ? 'config' : 'all';
    let byContent = this.holders.get(h);
    const known = byContent?.get(c);
    if (known !== undefined) return known;
    const body = this.body(h.children, h.module, c, path);
    const name = this.names.take(pascalCase(...path) + (c === 'config' ? 'Config' : ''));
    this.emit(name, h.name, body, firstParagraph(description ?? h.description));
    if (byContent === undefined) this.holders.set(h, (byContent = new Map()));
    byContent.set(c, name);
    return name;
  }

  private hasState(h: Holder | DataDef): boolean {
    let s = this.stateCache.get(h);
    if (s === undefined) {
      s = !h.config || (!h.recursive && 'children' in h && h.children.some((c) => this.hasState(c)))
        || (h.kind === 'choice' && h.cases.some((c) => this.hasState(c)));
      this.stateCache.set(h, s);
    }
    return s;
  }

  private body(defs: readonly DataDef[], parentModule: ModuleMeta | undefined, content: Content, path: readonly string[]): Body {
    const members: Member[] = [];
    const choices: ChoiceBody[] = [];
    for (const d of defs) {
      if (content === 'config' && !d.config) continue;
      if (d.kind === 'choice') {
        const cases = d.cases
          .filter((k) => content === 'all' || k.config)
          .map((k): CaseBody => ({ name: k.name, ...this.body(k.children, parentModule, content, path) }))
          .filter((k) => deepKeys(k).length > 0);
        if (cases.length > 0) choices.push({ name: d.name, cases });
        continue;
      }
      members.push(this.member(d, parentModule, content, path));
    }
    return { members, choices };
  }

  private member(d: Exclude<DataDef, { kind: 'choice' }>, parentModule: ModuleMeta | undefined, content: Content, path: readonly string[]): Member {
    const key = qualifiedName(d, parentModule);
    const here = [...path, d.name];
    const notes: string[] = [...firstParagraph(d.description)];
    const facts: string[] = [];
    if ((d.kind === 'leaf' || d.kind === 'anydata' || d.kind === 'anyxml') && d.mandatory) facts.push('mandatory');
    if (d.kind === 'leaf' && d.default !== undefined) facts.push(`default ${d.default}`);
    if ((d.kind === 'leaf' || d.kind === 'leaf-list') && d.units !== undefined) facts.push(`units ${d.units}`);
    if (!d.config && parentModule !== undefined && content === 'all' && d.parent !== undefined && d.parent.config) facts.push('state (config false)');
    if (facts.length > 0) notes.push(`@yang ${facts.join(', ')}`);
    const base = { key, doc: jsDoc(notes, '  ') };
    switch (d.kind) {
      case 'leaf':
        return { ...base, required: d.isKey || requiredInOperation(d), ...this.leaf(d) };
      case 'leaf-list': {
        const v = this.leaf(d);
        this.used.add('yangLeafList');
        return { ...base, required: false, type: `Array<${v.type}>`, codec: `yangLeafList<${v.type}>(${JSON.stringify(d.name)}, ${v.codec}, ${d.config})` };
      }
      case 'anydata':
        this.used.add('yangAnydata');
        return { ...base, required: requiredInOperation(d), type: 'Record<string, unknown>', codec: `yangAnydata(${JSON.stringify(d.name)})` };
      case 'anyxml':
        return { ...base, required: requiredInOperation(d), type: 'unknown', codec: 't.unknown' };
      case 'container': {
        if (d.recursive) return { ...base, required: false, type: 'Record<string, unknown>', codec: 't.UnknownRecord' };
        const name = this.holder(d, content, here);
        return { ...base, required: false, type: name, codec: `${name}C` };
      }
      case 'list': {
        if (d.recursive) return { ...base, required: false, type: 'Array<Record<string, unknown>>', codec: 't.array(t.UnknownRecord)' };
        const name = this.holder(d, content, here);
        this.used.add('yangList');
        const keys = d.keys.map((k) => `${propertyKey(k.name)}: ${this.leaf(k).codec}`).join(', ');
        return { ...base, required: false, type: `Array<${name}>`, codec: `yangList<${name}>(${JSON.stringify(d.name)}, ${name}C, { ${keys} })` };
      }
    }
  }

  /** The value type (an alias when long) and the shared leaf codec of a leaf or leaf-list. */
  private leaf(d: LeafMeta | LeafListMeta): { type: string; codec: string } {
    const type = this.alias(tsTypeOf(d.type, d.module.name), d.type, d.name);
    const spec = this.spec(d.type);
    const label = d.type.typedef?.name ?? d.type.base;
    const text = `yangLeaf<${type}>(${JSON.stringify(label)}, ${spec}, ${JSON.stringify(d.module.name)})`;
    let codec = this.leafCodecs.get(text);
    if (codec === undefined) {
      codec = this.names.take(`${pascalCase(label)}Value${this.leafCodecs.size}C`);
      this.used.add('yangLeaf');
      this.declarations.push(`const ${codec} = ${text};`);
      this.leafCodecs.set(text, codec);
    }
    return { type, codec };
  }

  private alias(text: string, type: TypeMeta, leafName: string): string {
    if (text.length <= 60) return text;
    let name = this.aliases.get(text);
    if (name === undefined) {
      name = this.names.take(`${pascalCase(type.typedef?.name ?? leafName)}Value`);
      this.declarations.push(`export type ${name} =\n  | ${text.split(' | ').join('\n  | ')};\n`);
      this.aliases.set(text, name);
    }
    return name;
  }

  private spec(type: TypeMeta): string {
    const text = JSON.stringify(typeSpecOf(type));
    let name = this.specs.get(text);
    if (name === undefined) {
      name = this.names.take(`spec${this.specs.size}`);
      this.used.add('type TypeSpec');
      this.declarations.push(`const ${name}: TypeSpec = ${text};`);
      this.specs.set(text, name);
    }
    return name;
  }

  private emit(name: string, yangName: string, body: Body, description: readonly string[]): void {
    const doc = jsDoc(description);
    const fields = (members: readonly Member[], never: readonly string[] = []): string =>
      [
        ...members.map((m) => `${m.doc}  ${propertyKey(m.key)}${m.required ? '' : '?'}: ${m.type};`),
        ...never.map((k) => `  ${propertyKey(k)}?: never;`),
      ].join('\n');
    const choiceType = (choice: ChoiceBody, indent: string): string => {
      const all = choice.cases.flatMap(deepKeys);
      return `(\n${choice.cases.map((c) => {
        const own = new Set(deepKeys(c));
        const inner = fields(c.members, all.filter((k) => !own.has(k))).split('\n').map((l) => `${indent}  ${l}`).join('\n');
        const nested = c.choices.map((ch) => ` & ${choiceType(ch, `${indent}  `)}`).join('');
        return `${indent}  | {\n${inner}\n${indent}  }${nested}`;
      }).join('\n')}\n${indent})`;
    };
    if (body.choices.length === 0) {
      this.declarations.push(`${doc}export interface ${name} {\n${fields(body.members)}${body.members.length > 0 ? '\n' : ''}}`);
    } else {
      this.declarations.push(`${doc}export type ${name} = {\n${fields(body.members)}\n}${body.choices.map((c) => ` & ${choiceType(c, '')}`).join('')};`);
    }
    const allMembers = (b: { members: readonly Member[]; choices: readonly ChoiceBody[] }): Member[] =>
      [...b.members, ...b.choices.flatMap((c) => c.cases.flatMap(allMembers))];
    const shape = (choices: readonly ChoiceBody[]): string =>
      `[${choices.map((c) => `{ name: ${JSON.stringify(c.name)}, cases: [${c.cases.map((k) =>
        `{ name: ${JSON.stringify(k.name)}, members: ${JSON.stringify(deepKeys(k))}, choices: ${shape(k.choices)} }`).join(', ')}] }`).join(', ')}]`;
    const members = allMembers(body).map((m) => `    ${propertyKey(m.key)}: ${m.codec},`).join('\n');
    const required = body.members.filter((m) => m.required).map((m) => m.key);
    this.used.add('yangObject');
    this.declarations.push(
      `export const ${name}C: t.Type<${name}> = yangObject<${name}>(${JSON.stringify(yangName)}, {\n  members: {${members === '' ? '' : `\n${members}\n  `}},` +
      `${required.length > 0 ? `\n  required: ${JSON.stringify(required)},` : ''}` +
      `${body.choices.length > 0 ? `\n  choices: ${shape(body.choices)},` : ''}\n});\n`,
    );
  }
}
