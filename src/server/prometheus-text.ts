/** Prometheus text exposition format 0.0.4: metric families, escaped label values. */
export type Labels = Readonly<Record<string, string>>;

export interface Sample {
  readonly labels?: Labels;
  readonly value: number;
  /** Suffix of the sample's name (`_bucket`, `_sum`, `_count`). */
  readonly suffix?: string;
}

export interface Family {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram';
  readonly samples: readonly Sample[];
}

const escapeLabel = (v: string): string => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (v: string): string => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

/** A metric or label name from any text: `[a-zA-Z_:][a-zA-Z0-9_:]*`. */
export const metricName = (text: string): string => {
  const s = text.replace(/[^a-zA-Z0-9_:]/g, '_');
  return /^[a-zA-Z_:]/.test(s) ? s : `_${s}`;
};

const formatValue = (v: number): string => (Number.isNaN(v) ? 'NaN' : v === Infinity ? '+Inf' : v === -Infinity ? '-Inf' : String(v));

const formatLabels = (labels: Labels | undefined): string => {
  if (labels === undefined) return '';
  const parts = Object.entries(labels).map(([k, v]) => `${metricName(k)}="${escapeLabel(v)}"`);
  return parts.length === 0 ? '' : `{${parts.join(',')}}`;
};

export const formatFamilies = (families: readonly Family[]): string => {
  let out = '';
  for (const f of families) {
    out += `# HELP ${f.name} ${escapeHelp(f.help)}\n# TYPE ${f.name} ${f.type}\n`;
    for (const s of f.samples) out += `${f.name}${s.suffix ?? ''}${formatLabels(s.labels)} ${formatValue(s.value)}\n`;
  }
  return out;
};
