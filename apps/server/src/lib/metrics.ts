type Labels = Record<string, string>;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const renderLabels = (labels: Labels) => {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
};

export type Counter = { inc: (labels?: Labels, value?: number) => void };
export type Histogram = { observe: (labels: Labels, value: number) => void };
export type Gauge = { set: (labels: Labels, value: number) => void };

/**
 * A small Prometheus registry (text exposition format 0.0.4): counters, gauges and histograms with labels.
 * Modules register their own series: upstream calls, cache hits, job runs.
 */
export function createMetrics() {
  const renderers = new Map<string, () => string>();

  function counter(name: string, help: string): Counter {
    const values = new Map<string, number>();
    renderers.set(name, () =>
      [`# HELP ${name} ${help}`, `# TYPE ${name} counter`, ...[...values].map(([l, v]) => `${name}${l} ${v}`)].join('\n'),
    );
    return { inc: (labels = {}, value = 1) => values.set(renderLabels(labels), (values.get(renderLabels(labels)) ?? 0) + value) };
  }

  function gauge(name: string, help: string): Gauge {
    const values = new Map<string, number>();
    renderers.set(name, () =>
      [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, ...[...values].map(([l, v]) => `${name}${l} ${v}`)].join('\n'),
    );
    return { set: (labels, value) => values.set(renderLabels(labels), value) };
  }

  function histogram(name: string, help: string, buckets: number[]): Histogram {
    const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
    renderers.set(name, () => {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
      for (const { labels, counts, sum, count } of series.values()) {
        buckets.forEach((bound, index) =>
          lines.push(`${name}_bucket${renderLabels({ ...labels, le: String(bound) })} ${counts[index]}`),
        );
        lines.push(`${name}_bucket${renderLabels({ ...labels, le: '+Inf' })} ${count}`);
        lines.push(`${name}_sum${renderLabels(labels)} ${sum}`, `${name}_count${renderLabels(labels)} ${count}`);
      }
      return lines.join('\n');
    });
    return {
      observe: (labels, value) => {
        // A cheap per-request key (label values in call order); the exposition text is built only on scrape.
        let key = '';
        for (const name in labels) key += labels[name] + '\u0000';
        let entry = series.get(key);
        if (!entry) {
          entry = { labels, counts: buckets.map(() => 0), sum: 0, count: 0 };
          series.set(key, entry);
        }
        buckets.forEach((bound, index) => {
          if (value <= bound) entry.counts[index]! += 1;
        });
        entry.sum += value;
        entry.count += 1;
      },
    };
  }

  return {
    counter,
    gauge,
    histogram,
    render: () => [...renderers.values()].map((render) => render()).join('\n\n') + '\n',
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
