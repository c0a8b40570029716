/*
 * SPDX-FileCopyrightText: 2026 the Outbox authors
 * SPDX-License-Identifier: Apache-2.0
 */
// Draws a Grafana dashboard JSON (stat and timeseries panels) from the panels' own PromQL, queried
// against the Prometheus HTTP API. No dependencies. Query parameters of the page:
//   prom      the Prometheus base URL (default http://127.0.0.1:9090)
//   dashboard the dashboard JSON URL (default ../../docs/grafana/outbox-dashboard.json)
//   range     the time range in seconds, ending now (default 900)
// When everything is drawn, document.body gets data-done="true".
'use strict';

const params = new URLSearchParams(location.search);
const PROM = (params.get('prom') || 'http://127.0.0.1:9090').replace(/\/$/, '');
const DASHBOARD = params.get('dashboard') || '../../docs/grafana/outbox-dashboard.json';
const RANGE = Number(params.get('range') || 900);
const WIDTH = 1568, COLS = 24, ROW_PX = 30, GAP = 8;            // Grafana: 24 columns, 30px rows, 8px gaps
const PALETTE = ['#73BF69', '#F2CC0C', '#8AB8FF', '#FF780A', '#F2495C', '#5794F2', '#B877D9', '#FADE2A'];
const COLORS = { green: '#73BF69', red: '#F2495C', orange: '#FF9830', yellow: '#FADE2A', blue: '#5794F2' };
const SVG = 'http://www.w3.org/2000/svg';

// Dashboard variables as Grafana resolves them with "All" selected and no data source to pick.
function substitute(expr, variables) {
  let out = expr.replace(/\$__rate_interval|\$\{__rate_interval\}/g, '1m')
    .replace(/\$__interval|\$\{__interval\}/g, '15s');
  for (const v of variables) {
    const value = v.allValue || '.*';
    out = out.split('${' + v.name + '}').join(value).split('[[' + v.name + ']]').join(value)
      .replace(new RegExp('\\$' + v.name + '\\b', 'g'), value);
  }
  return out;
}

async function prometheus(path, query) {
  const response = await fetch(PROM + path + '?' + new URLSearchParams(query));
  const body = await response.json();
  if (body.status !== 'success') throw new Error(body.error || response.statusText);
  return body.data.result;
}

// A series' display name: legendFormat with {{label}} substituted, else the metric's labels.
function seriesName(legendFormat, metric) {
  if (legendFormat) return legendFormat.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, l) => metric[l] ?? '');
  const labels = Object.entries(metric).filter(([k]) => k !== '__name__').map(([k, v]) => `${k}="${v}"`);
  return (metric.__name__ || '') + (labels.length ? '{' + labels.join(', ') + '}' : '');
}

// Formats a value in the panel's unit the way Grafana's unit formatters do (the units used here).
function format(value, unit) {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  const num = (v) => {
    const a = Math.abs(v);
    const digits = a === 0 ? 0 : a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
    return String(Number(v.toFixed(digits)));
  };
  switch (unit) {
    case 's': {
      const a = Math.abs(value);
      if (a === 0) return '0 s';
      if (a < 1e-3) return num(value * 1e6) + ' µs';
      if (a < 1) return num(value * 1e3) + ' ms';
      if (a < 60) return num(value) + ' s';
      if (a < 3600) return num(value / 60) + ' min';
      return num(value / 3600) + ' hour';
    }
    case 'ms': return format(value / 1000, 's');
    case 'ops': return num(value) + ' ops/s';
    case 'percentunit': return num(value * 100) + '%';
    default: {
      const a = Math.abs(value);
      if (a >= 1e6) return num(value / 1e6) + ' Mil';
      if (a >= 1e3) return num(value / 1e3) + ' K';
      return num(value);
    }
  }
}

function thresholdColor(value, thresholds) {
  let color = 'green';
  for (const step of (thresholds && thresholds.steps) || []) {
    if (step.value === null || value >= step.value) color = step.color;
  }
  return COLORS[color] || color;
}

function el(tag, attrs, parent, ns) {
  const node = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'text') node.textContent = v; else node.setAttribute(k, v);
  }
  if (parent) parent.appendChild(node);
  return node;
}

function niceTicks(min, max, count) {
  if (min === max) { max = min + 1; if (min > 0) min = 0; }
  const raw = (max - min) / count, mag = Math.pow(10, Math.floor(Math.log10(raw)));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw);
  const ticks = [];
  for (let t = Math.floor(min / step) * step; t <= max + step * 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
  if (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}

const hhmmss = (t) => new Date(t * 1000).toISOString().slice(11, 19);

// A line chart of series [{name, color, points: [[t, v|null]]}] into an SVG of the given size.
function lineChart(parent, width, height, series, range, unit, thresholds, showThresholds, axes = true) {
  const svg = el('svg', { width, height }, parent, SVG);
  const left = axes ? 62 : 0, bottom = axes ? 20 : 0, top = axes ? 6 : 0, right = axes ? 10 : 0;
  const values = series.flatMap((s) => s.points.map((p) => p[1]).filter((v) => v !== null));
  const lo = Math.min(0, ...values), hi = Math.max(...values, lo);
  const ticks = niceTicks(lo, hi, Math.max(2, Math.floor((height - top - bottom) / 35)));
  const y0 = ticks[0], y1 = ticks[ticks.length - 1];
  const x = (t) => left + (t - range.start) / (range.end - range.start) * (width - left - right);
  const y = (v) => top + (1 - (v - y0) / (y1 - y0 || 1)) * (height - top - bottom);
  if (axes) {
    for (const tick of ticks) {
      el('line', { x1: left, x2: width - right, y1: y(tick), y2: y(tick), stroke: '#2c2d33' }, svg, SVG);
      el('text', { x: left - 6, y: y(tick) + 4, 'text-anchor': 'end', fill: '#9fa1ad', 'font-size': 11, text: format(tick, unit) }, svg, SVG);
    }
    const xticks = Math.max(2, Math.floor((width - left) / 110));
    for (let i = 0; i <= xticks; i++) {
      const t = range.start + (range.end - range.start) * i / xticks;
      el('text', { x: x(t), y: height - 5, 'text-anchor': i === 0 ? 'start' : i === xticks ? 'end' : 'middle', fill: '#9fa1ad', 'font-size': 11, text: hhmmss(t) }, svg, SVG);
    }
  }
  if (showThresholds) {                                // thresholdsStyle "line": a dashed line per step
    for (const step of thresholds.steps) {
      if (step.value === null || step.value < y0 || step.value > y1) continue;
      el('line', { x1: left, x2: width - right, y1: y(step.value), y2: y(step.value), stroke: COLORS[step.color] || step.color, 'stroke-dasharray': '6 4' }, svg, SVG);
    }
  }
  for (const s of series) {
    let d = '', area = '', open = false, first = null, last = null;
    for (const [t, v] of s.points) {
      if (v === null) { if (open) area += `L${x(last)},${y(Math.max(y0, 0))}L${x(first)},${y(Math.max(y0, 0))}Z`; open = false; continue; }
      d += (open ? 'L' : 'M') + x(t).toFixed(1) + ',' + y(v).toFixed(1);
      area += (open ? 'L' : 'M') + x(t).toFixed(1) + ',' + y(v).toFixed(1);
      if (!open) first = t;
      last = t; open = true;
    }
    if (open) area += `L${x(last)},${y(Math.max(y0, 0))}L${x(first)},${y(Math.max(y0, 0))}Z`;
    el('path', { d: area, fill: s.color, 'fill-opacity': s.fillOpacity ?? 0.1, stroke: 'none' }, svg, SVG);
    el('path', { d, fill: 'none', stroke: s.color, 'stroke-width': s.lineWidth || 1 }, svg, SVG);
  }
  return svg;
}

// A range query's result as points on a fixed step grid, with null where a sample is missing.
function toPoints(values, range) {
  const byTime = new Map(values.map(([t, v]) => [Math.round(t), Number(v)]));
  const points = [];
  for (let t = range.start; t <= range.end; t += range.step) points.push([t, byTime.has(t) ? byTime.get(t) : null]);
  return points;
}

async function rangeSeries(panel, variables, range) {
  const series = [];
  for (const target of panel.targets || []) {
    if (target.hide) continue;
    const result = await prometheus('/api/v1/query_range', { query: substitute(target.expr, variables), start: range.start, end: range.end, step: range.step });
    for (const r of result) series.push({ name: seriesName(target.legendFormat, r.metric), points: toPoints(r.values, range) });
  }
  return series;
}

async function drawStat(box, panel, defaults, variables, range) {
  const target = (panel.targets || [])[0];
  const result = await prometheus('/api/v1/query', { query: substitute(target.expr, variables), time: range.end });
  const value = result.length ? Number(result[0].value[1]) : null;
  const background = (panel.options || {}).colorMode === 'background';
  const color = value === null ? '#8e8e8e' : thresholdColor(value, defaults.thresholds);
  if (background && value !== null) box.style.background = color;
  el('div', { class: 'value', text: value === null ? (defaults.noValue || 'No data') : format(value, defaults.unit) }, box)
    .style.color = background ? '#fff' : color;
  if ((panel.options || {}).graphMode === 'area' && value !== null) {    // the sparkline, from the same expr
    const series = await rangeSeries(panel, variables, range);
    if (series.length) {
      Object.assign(series[0], { color: background ? '#ffffff' : color, fillOpacity: 0.2 });
      const h = Math.round(box.clientHeight * 0.45);
      lineChart(box, box.clientWidth, h, [series[0]], range, defaults.unit, null, false, false).style.opacity = 0.55;
    }
  }
}

async function drawTimeseries(box, panel, defaults, variables, range) {
  const series = await rangeSeries(panel, variables, range);
  const custom = defaults.custom || {}, legend = (panel.options || {}).legend || {};
  series.forEach((s, i) => Object.assign(s, { color: PALETTE[i % PALETTE.length], lineWidth: custom.lineWidth, fillOpacity: (custom.fillOpacity ?? 10) / 100 }));
  const calcs = legend.showLegend === false ? [] : (legend.calcs || []);
  const legendHeight = legend.showLegend === false ? 0 : 18 + series.length * 16;
  const chartHeight = Math.max(60, box.clientHeight - 32 - legendHeight);
  const showThresholds = (custom.thresholdsStyle || {}).mode === 'line';
  lineChart(box, box.clientWidth - 8, chartHeight, series, range, defaults.unit, defaults.thresholds, showThresholds);
  if (!series.length || series.every((s) => s.points.every((p) => p[1] === null))) {
    el('div', { class: 'nodata', text: 'No data' }, box);
  }
  if (legend.showLegend === false) return;
  const table = el('table', { class: 'legend' }, box), head = el('tr', {}, table);
  el('th', { text: '' }, head);
  const names = { lastNotNull: 'Last *', max: 'Max', min: 'Min', mean: 'Mean', last: 'Last' };
  calcs.forEach((c) => el('th', { text: names[c] || c }, head));
  for (const s of series) {
    const row = el('tr', {}, table), values = s.points.map((p) => p[1]).filter((v) => v !== null);
    const cell = el('td', {}, row);
    el('span', { class: 'swatch' }, cell).style.background = s.color;
    cell.appendChild(document.createTextNode(s.name));
    const calc = { lastNotNull: values[values.length - 1], last: values[values.length - 1], max: Math.max(...values),
      min: Math.min(...values), mean: values.reduce((a, b) => a + b, 0) / values.length };
    calcs.forEach((c) => el('td', { text: values.length ? format(calc[c], defaults.unit) : '–' }, row));
  }
}

async function main() {
  const dashboard = await (await fetch(DASHBOARD)).json();
  const variables = ((dashboard.templating || {}).list || []).filter((v) => v.includeAll);
  const end = Math.floor(Date.now() / 1000), step = Math.max(5, Math.ceil(RANGE / 240 / 5) * 5);
  const range = { start: end - RANGE - ((end - RANGE) % step), end: end - (end % step), step };
  document.getElementById('meta').textContent = `Dashboard "${dashboard.title}", ${hhmmss(range.start)} to ${hhmmss(range.end)} UTC `
    + `(step ${step}s), Prometheus ${PROM}; variables: ${variables.map((v) => '$' + v.name + ' = All (' + (v.allValue || '.*') + ')').join(', ')}.`;
  const grid = document.getElementById('grid'), colWidth = (WIDTH - (COLS - 1) * GAP) / COLS;
  let bottom = 0;
  const drawing = [];
  for (const panel of dashboard.panels || []) {
    const g = panel.gridPos;
    const left = g.x * (colWidth + GAP), top = g.y * (ROW_PX + GAP);
    const width = g.w * colWidth + (g.w - 1) * GAP, height = g.h * ROW_PX + (g.h - 1) * GAP;
    bottom = Math.max(bottom, top + height);
    if (panel.type === 'row') {
      Object.assign(el('div', { class: 'row', text: panel.title }, grid).style, { left: left + 'px', top: top + 'px', width: width + 'px' });
      continue;
    }
    const box = el('div', { class: 'panel ' + panel.type }, grid);
    Object.assign(box.style, { left: left + 'px', top: top + 'px', width: width + 'px', height: height + 'px' });
    el('h2', { text: panel.title }, box);
    const defaults = (panel.fieldConfig || {}).defaults || {};
    const draw = panel.type === 'stat' ? drawStat : panel.type === 'timeseries' ? drawTimeseries : null;
    if (!draw) { el('div', { class: 'err', text: `panel type "${panel.type}" is not drawn by this preview` }, box); continue; }
    drawing.push(draw(box, panel, defaults, variables, range)
      .catch((e) => el('div', { class: 'err', text: 'query failed: ' + e.message }, box)));
  }
  grid.style.height = bottom + 'px';
  await Promise.all(drawing);
}

main().catch((e) => el('div', { class: 'err', text: 'preview failed: ' + e.message }, document.body))
  .finally(() => document.body.setAttribute('data-done', 'true'));
