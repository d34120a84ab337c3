/** Types of the Prometheus text parser the metrics tests use (the package ships none). */
declare module 'parse-prometheus-text-format' {
  export interface PrometheusMetric {
    readonly value?: string;
    readonly labels?: Readonly<Record<string, string>>;
    readonly buckets?: Readonly<Record<string, string>>;
    readonly count?: string;
    readonly sum?: string;
  }
  export interface PrometheusFamily {
    readonly name: string;
    readonly help: string;
    readonly type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    readonly metrics: readonly PrometheusMetric[];
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
