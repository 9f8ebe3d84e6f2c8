type Labels = Record<string, string>;

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const renderLabels = (labels: Labels) => {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
};

/** A cheap per-call key for a label set (names and values); the exposition text is built only on scrape. */
const seriesKey = (labels: Labels) => {
  let key = '';
  for (const name in labels) key += name + '\u0000' + labels[name] + '\u0001';
  return key;
};

/** One number per label set, rendered on scrape (counters and gauges). */
function createValueSeries(name: string, help: string, type: 'counter' | 'gauge') {
  const values = new Map<string, { labels: Labels; value: number }>();
  const render = () =>
    [
      `# HELP ${name} ${help}`,
      `# TYPE ${name} ${type}`,
      ...[...values.values()].map((s) => `${name}${renderLabels(s.labels)} ${s.value}`),
    ].join('\n');
  const entry = (labels: Labels) => {
    const key = seriesKey(labels);
    let series = values.get(key);
    if (!series) {
      series = { labels, value: 0 };
      values.set(key, series);
    }
    return series;
  };
  return { render, entry };
}

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
    const series = createValueSeries(name, help, 'counter');
    renderers.set(name, series.render);
    return { inc: (labels = {}, value = 1) => void (series.entry(labels).value += value) };
  }

  function gauge(name: string, help: string): Gauge {
    const series = createValueSeries(name, help, 'gauge');
    renderers.set(name, series.render);
    return { set: (labels, value) => void (series.entry(labels).value = value) };
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
        lines.push(
          `${name}_sum${renderLabels(labels)} ${sum}`,
          `${name}_count${renderLabels(labels)} ${count}`,
        );
      }
      return lines.join('\n');
    });
    return {
      observe: (labels, value) => {
        const key = seriesKey(labels);
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
