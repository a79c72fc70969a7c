/**
 * Reads the app's own OpenAPI document for the fuzz test: which query
 * parameters and body fields a route declares, and a valid sample body to
 * vary one field of at a time.
 */

export type JsonSchema = {
  type?: string | string[];
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  format?: string;
  pattern?: string;
};

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** Values that satisfy the common string formats and patterns of the contract. */
const FORMAT_SAMPLES: Record<string, string> = {
  email: 'fuzz@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  date: '2024-01-02',
  'date-time': '2024-01-02T03:04:05Z',
  time: '10:00',
};
const PATTERN_SAMPLES: [RegExp, string][] = [
  [/\^#\[0-9a-fA-F\]\{6\}\$/, '#123456'],
  [/\\d\{6\}/, '123456'],
  [/\[a-z0-9-\]\+/, 'courses'],
  [/\^\[a-z\]\[a-z0-9_\]/, 'fuzz_key'],
  [/\[a-z\]\{2,3\}/, 'en'],
  [/\[A-Za-z0-9\.@\+_-\]\{3,150\}/, 'fuzzer'],
  [/\[\\p\{L\}\\p\{N\}\\s\]/, 'Fuzz text'],
];

export class OpenApiRoutes {
  constructor(private readonly doc: OpenApiDocument) {}

  /** The declared query parameters and JSON body of `METHOD /url/:param/`. */
  operation(method: string, url: string): { query: string[]; body?: JsonSchema } | undefined {
    const path = url.replace(/:(\w+)/g, '{$1}');
    const op = this.doc.paths[path]?.[method.toLowerCase()];
    if (!op) return undefined;
    return {
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: op.requestBody?.content?.['application/json']?.schema,
    };
  }

  private resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    const name = schema.$ref.split('/').pop() ?? '';
    return this.resolve(this.doc.components?.schemas?.[name] ?? {});
  }

  /** The first non-null alternative of a union, else the schema itself. */
  private pick(schema: JsonSchema): JsonSchema {
    const s = this.resolve(schema);
    const options = s.anyOf ?? s.oneOf;
    if (options) {
      const chosen = options.map((o) => this.resolve(o)).find((o) => o.type !== 'null');
      return chosen ? this.pick(chosen) : s;
    }
    if (s.allOf?.[0]) return this.pick(s.allOf[0]);
    return s;
  }

  /** A value the schema accepts (as far as a fuzz base needs: every field present and plausible). */
  sample(schema: JsonSchema, depth = 0): unknown {
    const s = this.pick(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum[0];
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    switch (type) {
      case 'string': {
        if (s.format && FORMAT_SAMPLES[s.format]) return FORMAT_SAMPLES[s.format];
        const known = s.pattern && PATTERN_SAMPLES.find(([re]) => re.test(s.pattern ?? ''));
        if (known) return known[1];
        return 'Fuzz text'.padEnd(s.minLength ?? 0, 'x');
      }
      case 'integer':
      case 'number':
        return Math.max(1, s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1);
      case 'boolean':
        return true;
      case 'array': {
        if (depth > 4 || !s.items) return [];
        return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
          this.sample(s.items as JsonSchema, depth + 1),
        );
      }
      case 'object': {
        const out: Record<string, unknown> = {};
        if (depth > 4) return out;
        for (const [key, prop] of Object.entries(s.properties ?? {}))
          out[key] = this.sample(prop, depth + 1);
        return out;
      }
      default:
        return 'Fuzz text';
    }
  }

  /**
   * The leaf fields of a body with their JSON type ('[]' steps into array items), so each can be
   * varied in turn with the hostile values of its type.
   */
  fields(schema: JsonSchema | undefined, prefix: string[] = [], depth = 0): Field[] {
    if (!schema || depth > 4) return [];
    const s = this.pick(schema);
    const type = (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type) ?? 'string';
    if (type === 'object' && s.properties && Object.keys(s.properties).length > 0) {
      return Object.entries(s.properties).flatMap(([key, prop]) =>
        this.fields(prop, [...prefix, key], depth + 1),
      );
    }
    if (type === 'array' && s.items) return this.fields(s.items, [...prefix, '[]'], depth + 1);
    if (prefix.length === 0) return [];
    const kind = s.enum || s.const !== undefined ? 'enum' : type;
    return [{ path: prefix, type: kind }];
  }
}

export type Field = { path: string[]; type: string };
