/**
 * Build-time class names for Panda: every `css({...})`, recipe (`button({ variant: 'ghost' })`) and
 * pattern (`stack({ gap: '4' })`) call whose arguments are literals is replaced in the bundle by
 * the string (or, for a slot recipe, the object of strings) that Panda's own generated runtime
 * returns for it, computed once in Node. Panda already writes the CSS from the sources, so only
 * the JavaScript changes. A call with anything computed in its arguments (a variable, a spread, a
 * condition) is left as it was and keeps the runtime; a module that has none loses its imports of
 * `styled-system/*`, and the runtime is no longer downloaded by pages that have none either.
 *
 * Panda 1 has no such transform (its "source transforms" come with the Panda 2 compiler).
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import MagicString from 'magic-string'
import type { Plugin } from 'vite'

/** The generated modules whose calls return class names, by import path. */
const RUNTIME_MODULES = {
  'styled-system/css': 'css/index.mjs',
  'styled-system/recipes': 'recipes/index.mjs',
  'styled-system/patterns': 'patterns/index.mjs',
} as const
type RuntimeModule = keyof typeof RUNTIME_MODULES
/** Exports of styled-system/css that are not called for a class name (they return functions). */
const NOT_CLASS_NAMES = new Set(['cva', 'sva'])

/** An ESTree node as the bundler's parser gives it, with the offsets of its source. */
interface AstNode {
  type: string
  start: number
  end: number
  [key: string]: unknown
}
type Runtime = Record<RuntimeModule, Record<string, unknown>>

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string'

/** Every direct child node of a node. */
function children(node: AstNode): AstNode[] {
  const result: AstNode[] = []
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue
    if (Array.isArray(value)) result.push(...value.filter(isNode))
    else if (isNode(value)) result.push(value)
  }
  return result
}

/** Thrown when an argument is not known at build time: the call is left to the runtime. */
class NotStatic extends Error {}
/** Thrown when the value depends on a condition or a variant chosen at run time: each is tried. */
class Choice extends Error {
  constructor(
    readonly node: AstNode,
    /** For a variant: the recipe's values for it. */
    readonly variants?: readonly string[],
  ) {
    super('a choice')
  }
}
/** The choices made so far: a condition's node -> true or false, a variant's node -> its value. */
type Choices = ReadonlyMap<AstNode, unknown>

/** An expression that may be read more than once: a name or a property of one (`size`, `props.size`). */
const isPlainReference = (node: AstNode): boolean =>
  node.type === 'Identifier' ||
  (node.type === 'MemberExpression' && !node.computed && isPlainReference(node.object as AstNode))

/** A class-name function of the runtime; a config recipe also lists its variants. */
type ClassFunction = ((...args: unknown[]) => unknown) & { variantMap?: Record<string, string[]> }

/** What an argument is evaluated with: the choices made so far and the module's class functions. */
interface Scope {
  choices: Choices
  functions: ReadonlyMap<string, ClassFunction>
}

const isClassNames = (value: unknown): value is string | Record<string, string> =>
  typeof value === 'string' ||
  (typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'string'))

/**
 * The class names of a call to a class function: its arguments evaluated (a recipe's first one
 * may name a variant, `{ size }`), then the function called.
 */
function callClassFunction(fn: ClassFunction, args: AstNode[], scope: Scope): string | Record<string, string> {
  const variantMap = fn.variantMap ?? {}
  const values = args.map((arg, index) => evaluate(arg, scope, index === 0 ? variantMap : {}))
  const classNames = fn(...values)
  if (!isClassNames(classNames)) throw new NotStatic()
  return classNames
}

/**
 * The value of an argument: literals (strings, numbers, booleans, objects and arrays of them),
 * `test ? a : b`, calls of class functions and their slots (`details().root`), and for a recipe
 * a variant given by a name (`{ size }`); conditions and variants are taken from the choices.
 * @throws NotStatic, or Choice when a choice it depends on is not made yet
 */
function evaluate(node: AstNode, scope: Scope, variantMap: Record<string, string[]> = {}): unknown {
  const { choices, functions } = scope
  switch (node.type) {
    case 'Literal':
      if (node.regex || node.bigint) throw new NotStatic()
      return node.value
    case 'TemplateLiteral': {
      const { expressions, quasis } = node as unknown as {
        expressions: AstNode[]
        quasis: { value: { cooked: string } }[]
      }
      if (expressions.length > 0) throw new NotStatic()
      return quasis[0].value.cooked
    }
    case 'UnaryExpression': {
      const argument = evaluate(node.argument as AstNode, scope)
      if (node.operator === '-' && typeof argument === 'number') return -argument
      throw new NotStatic()
    }
    case 'Identifier':
      if (node.name === 'undefined') return undefined
      throw new NotStatic()
    case 'ConditionalExpression':
      if (!choices.has(node)) throw new Choice(node)
      return evaluate((choices.get(node) ? node.consequent : node.alternate) as AstNode, scope)
    case 'CallExpression': {
      const callee = node.callee as AstNode
      const fn = callee.type === 'Identifier' ? functions.get(callee.name as string) : undefined
      if (!fn || node.optional) throw new NotStatic()
      return callClassFunction(fn, node.arguments as AstNode[], scope)
    }
    case 'MemberExpression': {
      if (node.computed || node.optional) throw new NotStatic()
      const object = evaluate(node.object as AstNode, scope)
      const name = (node.property as AstNode).name as string
      if (typeof object !== 'object' || object === null || !Object.hasOwn(object, name)) throw new NotStatic()
      return (object as Record<string, unknown>)[name]
    }
    case 'ArrayExpression':
      return (node.elements as (AstNode | null)[]).map((element) => {
        if (!element || element.type === 'SpreadElement') throw new NotStatic()
        return evaluate(element, scope)
      })
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {}
      for (const property of node.properties as AstNode[]) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method) {
          throw new NotStatic()
        }
        const key = property.key as AstNode
        const name = key.type === 'Identifier' ? (key.name as string) : evaluate(key, scope)
        if (typeof name !== 'string' && typeof name !== 'number') throw new NotStatic()
        const value = property.value as AstNode
        const variants = variantMap[name]
        if (variants && isPlainReference(value)) {
          if (!choices.has(value)) throw new Choice(value, variants)
          object[name] = choices.get(value)
        } else {
          object[name] = evaluate(value, scope)
        }
      }
      return object
    }
    default:
      throw new NotStatic()
  }
}

/** At most this many class strings for one call (its conditions and variants multiplied). */
const MAX_OUTCOMES = 32

/**
 * The code that gives a call's class names without the runtime: a string, or a choice between
 * strings (`test ? "a" : "b"`, `({ sm: "a", lg: "b" })[size] ?? "default"`). Undefined when an
 * argument is only known at run time or there would be too many outcomes.
 */
function classNamesCode(
  call: AstNode,
  fn: ClassFunction,
  functions: ReadonlyMap<string, ClassFunction>,
  code: string,
): string | undefined {
  let outcomes = 0
  const build = (choices: Choices): string => {
    try {
      const classNames = callClassFunction(fn, call.arguments as AstNode[], { choices, functions })
      if (++outcomes > MAX_OUTCOMES) throw new NotStatic()
      return JSON.stringify(classNames)
    } catch (error) {
      if (!(error instanceof Choice)) throw error
      const { node, variants } = error
      const choose = (value: unknown) => build(new Map([...choices, [node, value]]))
      if (!variants) {
        const test = code.slice((node.test as AstNode).start, (node.test as AstNode).end)
        return `(${test} ? ${choose(true)} : ${choose(false)})`
      }
      // A variant outside the recipe's list has no CSS: it gets the default, like no value.
      const options = variants.map((value) => `${JSON.stringify(value)}: ${choose(value)}`)
      return `(({ ${options.join(', ')} })[${code.slice(node.start, node.end)}] ?? ${choose(undefined)})`
    }
  }
  try {
    return build(new Map())
  } catch (error) {
    if (error instanceof NotStatic) return undefined
    throw error
  }
}

/** The names a declaration pattern binds (`a`, `{ a, b: c }`, `[a, ...rest]`, `a = 1`). */
function boundNames(pattern: AstNode | null | undefined): string[] {
  if (!pattern) return []
  switch (pattern.type) {
    case 'Identifier':
      return [pattern.name as string]
    case 'ObjectPattern':
      return (pattern.properties as AstNode[]).flatMap((property) =>
        boundNames(property.type === 'RestElement' ? (property.argument as AstNode) : (property.value as AstNode)),
      )
    case 'ArrayPattern':
      return (pattern.elements as (AstNode | null)[]).flatMap(boundNames)
    case 'RestElement':
      return boundNames(pattern.argument as AstNode)
    case 'AssignmentPattern':
      return boundNames(pattern.left as AstNode)
    default:
      return []
  }
}

/** Names the module declares itself, anywhere: an import of the same name is not trusted inside it. */
function declaredNames(root: AstNode): Set<string> {
  const names = new Set<string>()
  const visit = (node: AstNode) => {
    if (node.type === 'VariableDeclarator') for (const name of boundNames(node.id as AstNode)) names.add(name)
    if (/Function/.test(node.type) || node.type === 'ClassDeclaration' || node.type === 'ClassExpression') {
      for (const name of boundNames(node.id as AstNode)) names.add(name)
      for (const param of (node.params as AstNode[] | undefined) ?? [])
        for (const name of boundNames(param)) names.add(name)
    }
    if (node.type === 'CatchClause') for (const name of boundNames(node.param as AstNode)) names.add(name)
    for (const child of children(node)) visit(child)
  }
  visit(root)
  return names
}

/** The local names bound to class-name functions of the runtime: local -> the function. */
function importedClassFunctions(program: AstNode, runtime: Runtime): Map<string, ClassFunction> {
  const functions = new Map<string, ClassFunction>()
  for (const statement of program.body as AstNode[]) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue
    const source = (statement.source as AstNode).value as string
    if (!(source in RUNTIME_MODULES)) continue
    for (const specifier of statement.specifiers as AstNode[]) {
      if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue
      const imported = (specifier.imported as AstNode).name as string
      const value = runtime[source as RuntimeModule][imported]
      if (typeof value === 'function' && !NOT_CLASS_NAMES.has(imported)) {
        functions.set((specifier.local as AstNode).name as string, value as ClassFunction)
      }
    }
  }
  return functions
}

/**
 * Replaces the static class-name calls of one module; undefined when there are none.
 * @param parse the bundler's parser (ESTree with offsets)
 */
export function inlineClassNames(
  code: string,
  id: string,
  runtime: Runtime,
  parse: (code: string) => unknown,
): { code: string; map: ReturnType<MagicString['generateMap']>; replaced: number } | undefined {
  if (!code.includes('styled-system/')) return undefined
  const program = parse(code) as AstNode
  const functions = importedClassFunctions(program, runtime)
  for (const name of declaredNames(program)) functions.delete(name)
  if (functions.size === 0) return undefined

  const output = new MagicString(code)
  let replaced = 0
  const visit = (node: AstNode) => {
    const callee = node.callee as AstNode | undefined
    const fn = node.type === 'CallExpression' && callee?.type === 'Identifier' && functions.get(callee.name as string)
    const inlined = fn ? classNamesCode(node, fn, functions, code) : undefined
    if (inlined !== undefined) {
      output.overwrite(node.start, node.end, inlined)
      replaced += 1
      return
    }
    for (const child of children(node)) visit(child)
  }
  visit(program)
  if (replaced === 0) return undefined
  return { code: output.toString(), map: output.generateMap({ hires: 'boundary', source: id }), replaced }
}

/** Loads Panda's generated runtime (styled-system/) into Node. */
export async function loadRuntime(styledSystemDir: string): Promise<Runtime> {
  const entries = await Promise.all(
    Object.entries(RUNTIME_MODULES).map(async ([source, file]) => [
      source,
      (await import(pathToFileURL(join(styledSystemDir, file)).href)) as Record<string, unknown>,
    ]),
  )
  return Object.fromEntries(entries)
}

/** The production build's plugin: the app's own modules (src/) only. */
export function pandaStaticClasses(styledSystemDir: string): Plugin {
  let runtime: Runtime | undefined
  return {
    name: 'yaari:panda-static-classes',
    apply: 'build',
    // After TypeScript and JSX are compiled away: the parser sees plain JavaScript.
    enforce: 'post',
    async buildStart() {
      runtime = await loadRuntime(styledSystemDir)
    },
    transform(code, id) {
      if (!runtime || !/[\\/]src[\\/]/.test(id) || /node_modules/.test(id)) return undefined
      const result = inlineClassNames(code, id, runtime, (source) => this.parse(source))
      return result && { code: result.code, map: result.map }
    },
  }
}
