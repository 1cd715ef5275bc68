/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-chart-bar.c — the BAR chart: a stacked bar of parts and its legend
 *
 * Layout from top to bottom: title, bar, legend, provenance footnote. The bar
 * and legend are centred vertically in what the title and footnote leave;
 * when space runs short, legend rows are dropped before the bar shrinks
 * below a readable height.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "cs-chart-format.h"
#include "cs-chart-private.h"

#define MIN_BAR_HEIGHT 12.0

static gboolean
part_has_share (const CsChartPart *part)
{
  return isfinite (part->value) && isfinite (part->share) && part->share > 0;
}

/* The numbers of a legend entry: "41.0 % · 1,405,883,341 cycles ≈". A
 * negative part has no share of the whole, so none is shown. */
static char *
legend_numbers (const CsChartValues *values,
                const CsChartPart   *part,
                gboolean             compact)
{
  const char *marker = cs_provenance_get_marker (part->provenance);
  g_autofree char *value = NULL;
  g_autofree char *share = NULL;

  if (!isfinite (part->value))
    return g_strdup (CS_CHART_NO_VALUE);
  value = compact ? cs_chart_format_compact (part->value, values->unit)
                  : cs_chart_format_value (part->value, values->unit);
  share = part->value < 0 ? g_strdup (CS_CHART_NO_VALUE) : cs_chart_format_share (part->share);
  /* TRANSLATORS: numbers of a bar chart's legend entry: "share · value[ provenance marker]" */
  return g_strdup_printf (_("%s · %s%s%s"), share, value, marker[0] ? " " : "", marker);
}

/* How legend entries are written, richest first. When the chart is too
 * narrow for "label  share · value" on one line (a 3×3 grid), the entry
 * wraps its numbers under the label rather than cut the label: a reader
 * must be able to tell which part is which. */
typedef enum
{
  LEGEND_LINE,          /* swatch label  numbers, one line */
  LEGEND_LINE_COMPACT,  /* the same with short values ("4.97 G cycles") */
  LEGEND_STACKED,       /* label, and the numbers on a second line */
  LEGEND_SHARE_ONLY,    /* label and share; the value is in the tooltip */
  N_LEGEND_STYLES
} LegendStyle;

typedef struct
{
  PangoLayout *label;     /* NULL when there is no room for it */
  PangoLayout *numbers;
  double       numbers_x; /* offset of @numbers from the entry's left edge */
  double       numbers_y; /* offset of @numbers from the entry's top */
  double       width;
  gboolean     cut;       /* the label is ellipsized (or left out) */
} LegendEntry;

typedef struct
{
  LegendEntry *entries;
  int         *rows;
  double      *xs;
  int          n_rows;
  double       entry_h;   /* height of one legend row */
  gboolean     cut;       /* some label is cut */
} Legend;

static void
legend_clear (Legend *legend)
{
  g_clear_pointer (&legend->entries, g_free);
  g_clear_pointer (&legend->rows, g_free);
  g_clear_pointer (&legend->xs, g_free);
}

/* Label then numbers; the numbers are never cut while a shorter spelling
 * exists, the label is ellipsized instead. */
static LegendEntry
legend_entry (CsChartFrame      *frame,
              const CsChartPart *part,
              const char        *label_text,
              double             max_width,
              LegendStyle        style)
{
  double swatch = frame->small_line_height * 0.75;
  double gap = frame->small_line_height * 0.5;
  double avail = max_width - swatch * 1.5;
  g_autofree char *numbers = NULL;
  LegendEntry entry = { NULL, NULL, swatch * 1.5, 0, 0, FALSE };
  double nw, nh, lw = 0, lh, natural_w;
  PangoLayout *natural;

  if (frame->base != NULL)
    numbers = _cs_chart_compare_numbers (frame, (guint) (part - frame->values->parts));
  else if (style == LEGEND_SHARE_ONLY)
    numbers = !isfinite (part->value) || part->value < 0 ? g_strdup (CS_CHART_NO_VALUE)
                                                         : cs_chart_format_share (part->share);
  else
    numbers = legend_numbers (frame->values, part, style != LEGEND_LINE);
  entry.numbers = _cs_chart_frame_text (frame, numbers, CS_CHART_FONT_SMALL, avail, 1);
  _cs_chart_text_size (entry.numbers, &nw, &nh);
  if (label_text == NULL || label_text[0] == '\0')
    {
      entry.width = entry.numbers_x + nw;
      return entry;
    }

  natural = _cs_chart_frame_text (frame, label_text, CS_CHART_FONT_SMALL, -1, 1);
  _cs_chart_text_size (natural, &natural_w, &lh);
  if (style == LEGEND_STACKED)
    {
      entry.label = _cs_chart_frame_text (frame, label_text, CS_CHART_FONT_SMALL, avail, 1);
      _cs_chart_text_size (entry.label, &lw, &lh);
      entry.cut = natural_w > avail;
      entry.numbers_y = frame->small_line_height;
      entry.width = entry.numbers_x + MAX (lw, nw);
      return entry;
    }
  if (avail - nw - gap > 2 * gap)
    {
      entry.label = _cs_chart_frame_text (frame, label_text, CS_CHART_FONT_SMALL, avail - nw - gap, 1);
      _cs_chart_text_size (entry.label, &lw, &lh);
      entry.numbers_x += lw + gap;
    }
  entry.cut = entry.label == NULL || natural_w > avail - nw - gap;
  entry.width = entry.numbers_x + nw;
  return entry;
}

/* Entries of one style: single lines flow left to right and wrap; stacked
 * entries (two lines each) go into columns of equal width, which reads as
 * a table. */
static void
legend_build (CsChartFrame       *frame,
              LegendStyle         style,
              const char * const *labels,
              double              inner_w,
              Legend             *legend)
{
  const CsChartValues *values = frame->values;
  guint n = values->n_parts;
  double col_gap = frame->pad * 1.5;
  double x = 0, col_w = 0;
  guint n_cols = 1;

  legend->entries = g_new0 (LegendEntry, MAX (1, n));
  legend->rows = g_new0 (int, MAX (1, n));
  legend->xs = g_new0 (double, MAX (1, n));
  legend->n_rows = 0;
  legend->cut = FALSE;
  legend->entry_h = style == LEGEND_STACKED ? 2 * frame->small_line_height : frame->small_line_height;

  for (guint i = 0; i < n; i++)
    {
      const CsChartPart *part = &values->parts[i];
      const char *label = labels != NULL ? labels[i] : part->label != NULL ? part->label : part->name;

      legend->entries[i] = legend_entry (frame, part, label, inner_w, style);
      legend->cut |= legend->entries[i].cut;
      col_w = MAX (col_w, legend->entries[i].width);
    }

  if (style == LEGEND_STACKED)
    {
      n_cols = MAX (1, (guint) floor ((inner_w + col_gap) / (col_w + col_gap)));
      for (guint i = 0; i < n; i++)
        {
          legend->rows[i] = i / n_cols;
          legend->xs[i] = (i % n_cols) * (col_w + col_gap);
        }
      legend->n_rows = n > 0 ? (n + n_cols - 1) / n_cols : 0;
      return;
    }

  for (guint i = 0; i < n; i++)
    {
      double ew = legend->entries[i].width;

      if (i == 0)
        legend->n_rows = 1;
      else if (x + col_gap + ew > inner_w)
        {
          legend->n_rows++;
          x = 0;
        }
      else
        x += col_gap;
      legend->rows[i] = legend->n_rows - 1;
      legend->xs[i] = x;
      x += ew;
    }
}

static double
legend_space (CsChartFrame *frame,
              const Legend *legend,
              int           rows)
{
  double row_gap = frame->small_line_height * 0.3;

  return rows > 0 ? rows * legend->entry_h + (rows - 1) * row_gap + frame->pad * 0.75 : 0.0;
}

/* The richest style from @first to @last whose labels are all whole (or
 * @allow_cut) and whose rows all fit beside a bar of at least @min_bar;
 * FALSE when none does. */
static gboolean
legend_choose (CsChartFrame       *frame,
               const char * const *labels,
               double              inner_w,
               double              avail,
               double              min_bar,
               LegendStyle         first,
               LegendStyle         last,
               gboolean            allow_cut,
               Legend             *legend)
{
  for (LegendStyle style = first; style <= last; style++)
    {
      legend_build (frame, style, labels, inner_w, legend);
      if ((allow_cut || !legend->cut) && avail - legend_space (frame, legend, legend->n_rows) >= min_bar)
        return TRUE;
      legend_clear (legend);
    }
  return FALSE;
}

/* The labels without the words every one of them starts or ends with
 * ("L2 Miss Impact", "L2 Hit Impact" → "L2 Miss", "L2 Hit"): in a narrow
 * chart the words that tell the parts apart are the ones to keep; the
 * tooltip has the full title. NULL when nothing is common. */
static char **
legend_short_labels (const CsChartValues *values)
{
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  guint lead = G_MAXUINT, trail = G_MAXUINT;
  char **labels;

  if (values->n_parts < 2)
    return NULL;
  for (guint i = 0; i < values->n_parts; i++)
    {
      const char *label = values->parts[i].label != NULL ? values->parts[i].label : values->parts[i].name;

      g_ptr_array_add (words, g_strsplit (label != NULL ? label : "", " ", -1));
    }
  for (guint i = 0; i < words->len; i++)
    {
      char **w = g_ptr_array_index (words, i), **first = g_ptr_array_index (words, 0);
      guint n = g_strv_length (w), n0 = g_strv_length (first), k;

      for (k = 0; k < MIN (n, n0) && g_strcmp0 (w[k], first[k]) == 0; k++)
        ;
      lead = MIN (lead, k);
      for (k = 0; k < MIN (n, n0) && g_strcmp0 (w[n - 1 - k], first[n0 - 1 - k]) == 0; k++)
        ;
      trail = MIN (trail, k);
    }
  /* Every label keeps at least one word of its own. */
  for (guint i = 0; i < words->len; i++)
    {
      guint n = g_strv_length (g_ptr_array_index (words, i));

      while (lead + trail >= n && (lead > 0 || trail > 0))
        {
          if (trail > 0)
            trail--;
          else
            lead--;
        }
    }
  if (lead == 0 && trail == 0)
    return NULL;

  labels = g_new0 (char *, values->n_parts + 1);
  for (guint i = 0; i < words->len; i++)
    {
      char **w = g_ptr_array_index (words, i);
      guint n = g_strv_length (w);
      g_autoptr(GString) label = g_string_new (NULL);

      for (guint k = lead; k + trail < n; k++)
        g_string_append_printf (label, "%s%s", label->len > 0 ? " " : "", w[k]);
      labels[i] = g_string_free (g_steal_pointer (&label), FALSE);
    }
  return labels;
}

/* Full values when every entry's numbers take at most 60 % of a legend
 * row, else the short spelling for all, so the legend reads uniformly. */
static gboolean
legend_wants_compact (CsChartFrame *frame,
                      double        max_width)
{
  double avail = max_width - frame->small_line_height * 0.75 * 1.5;

  /* compared, the legend has the shares only */
  if (frame->base != NULL)
    return FALSE;
  for (guint i = 0; i < frame->values->n_parts; i++)
    {
      g_autofree char *numbers = legend_numbers (frame->values, &frame->values->parts[i], FALSE);
      PangoLayout *layout = _cs_chart_frame_text (frame, numbers, CS_CHART_FONT_SMALL, -1, 1);
      double w, h;

      _cs_chart_text_size (layout, &w, &h);
      if (w > avail * 0.6)
        return TRUE;
    }
  return FALSE;
}

/* The richest label that fits the segment: share and full value, share and
 * short value, share alone, or nothing (the legend always has the numbers). */
PangoLayout *
_cs_chart_bar_segment_label (CsChartFrame      *frame,
                   const CsChartPart *part,
                   const CsRect      *segment)
{
  const char *unit = frame->values->unit;
  g_autofree char *share = cs_chart_format_share (part->share);
  g_autofree char *full = cs_chart_format_value (part->value, unit);
  g_autofree char *compact = cs_chart_format_compact (part->value, unit);
  g_autofree char *two_full = g_strdup_printf ("%s\n%s", share, full);
  g_autofree char *two_compact = g_strdup_printf ("%s\n%s", share, compact);
  const char *candidates[] = { two_full, two_compact, share };
  double max_w = segment->width - 6;
  double max_h = segment->height - 2;

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      PangoLayout *layout = _cs_chart_frame_text (frame, candidates[i], CS_CHART_FONT_REGULAR, -1, 1);
      double w, h;

      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      _cs_chart_text_size (layout, &w, &h);
      if (w <= max_w && h <= max_h)
        return layout;
    }
  return NULL;
}

void
_cs_chart_bar_tile (CsChartFrame *frame,
                    const CsRect *plot,
                    const double *shares,
                    guint         n,
                    CsRect       *segments)
{
  double sum = 0, cum = 0;
  int last = -1;

  for (guint i = 0; i < n; i++)
    {
      segments[i] = (CsRect) { 0, 0, 0, 0 };
      if (isfinite (shares[i]) && shares[i] > 0)
        {
          sum += shares[i];
          last = i;
        }
    }
  /* Cumulative edges so that the segments tile the bar exactly. */
  for (guint i = 0; i < n && sum > 0; i++)
    {
      double x0, x1;

      if (!(isfinite (shares[i]) && shares[i] > 0))
        continue;
      x0 = _cs_chart_frame_snap (frame, plot->x + plot->width * cum / sum);
      cum += shares[i];
      x1 = (int) i == last ? plot->x + plot->width
                           : _cs_chart_frame_snap (frame, plot->x + plot->width * cum / sum);
      segments[i] = (CsRect) { x0, plot->y, x1 - x0, plot->height };
    }
}

void
_cs_chart_bar_layout (CsChartFrame *frame)
{
  const CsChartValues *values = frame->values;
  CsChartGeometry *geometry = frame->geometry;
  double width = geometry->width;
  double height = geometry->height;
  double pad = frame->pad;
  double inner_w = MAX (1, width - 2 * pad);
  double swatch = frame->small_line_height * 0.75;
  double row_h = frame->small_line_height;
  double row_gap = row_h * 0.3;
  Legend legend = { NULL, };
  g_auto(GStrv) short_labels = NULL;
  LegendStyle first;
  CsColor text_color, secondary;
  g_autofree double *shares = g_new0 (double, MAX (1, values->n_parts));
  double y, bottom, avail, space, bar_h, top, sum = 0;
  int rows_used;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT, &text_color);
  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_TEXT_SECONDARY, &secondary);

  _cs_chart_frame_title_and_note (frame, &y, &bottom);
  avail = bottom - y;

  geometry->n_parts = values->n_parts;
  geometry->parts = g_new0 (CsChartPartGeometry, MAX (1, values->n_parts));
  /* Full or short values as legend_wants_compact() says; then fewer
   * numbers per line before any label is cut. When every label cannot be
   * whole, the share alone leaves them the most room (the tooltip has the
   * rest); failing that, rows are dropped. */
  first = legend_wants_compact (frame, inner_w) ? LEGEND_LINE_COMPACT : LEGEND_LINE;
  short_labels = legend_short_labels (values);
  {
    const double min_bars[] = { 2 * frame->line_height + 8, MIN_BAR_HEIGHT };
    gboolean chosen = FALSE;

    /* The full titles, then the short ones, beside a bar that holds a
     * two-line label, then beside a thin one. */
    for (guint b = 0; b < G_N_ELEMENTS (min_bars) && !chosen; b++)
      chosen = legend_choose (frame, NULL, inner_w, avail, min_bars[b], first, LEGEND_SHARE_ONLY, FALSE, &legend) ||
               (short_labels != NULL &&
                legend_choose (frame, (const char * const *) short_labels, inner_w, avail, min_bars[b],
                               first, LEGEND_SHARE_ONLY, FALSE, &legend));
    if (!chosen &&
        !legend_choose (frame, (const char * const *) short_labels, inner_w, avail, MIN_BAR_HEIGHT,
                        LEGEND_SHARE_ONLY, LEGEND_SHARE_ONLY, TRUE, &legend))
      legend_build (frame, first, NULL, inner_w, &legend);
  }
  row_h = legend.entry_h;

  rows_used = legend.n_rows;
  while (rows_used > 0 && avail - legend_space (frame, &legend, rows_used) < MIN_BAR_HEIGHT)
    rows_used--;
  space = legend_space (frame, &legend, rows_used);
  /* two bars share the height when compared */
  bar_h = MIN (CLAMP (height * (frame->base != NULL ? 0.45 : 0.3), 2 * frame->line_height + 8,
                      frame->base != NULL ? 144.0 : 96.0), avail - space);
  bar_h = MAX (bar_h, MIN (MIN_BAR_HEIGHT, avail));
  bar_h = MAX (bar_h, 0);
  top = y + MAX (0, (avail - bar_h - space) / 2);

  geometry->plot.x = _cs_chart_frame_snap (frame, pad);
  geometry->plot.y = _cs_chart_frame_snap (frame, top);
  geometry->plot.width = _cs_chart_frame_snap (frame, pad + inner_w) - geometry->plot.x;
  geometry->plot.height = _cs_chart_frame_snap (frame, top + bar_h) - geometry->plot.y;

  if (frame->base != NULL)
    _cs_chart_compare_split_bar (frame);

  for (guint i = 0; i < values->n_parts; i++)
    if (part_has_share (&values->parts[i]))
      {
        shares[i] = values->parts[i].share;
        sum += shares[i];
      }
  {
    g_autofree CsRect *segments = g_new0 (CsRect, MAX (1, values->n_parts));

    _cs_chart_bar_tile (frame, &geometry->plot, shares, values->n_parts, segments);
    for (guint i = 0; i < values->n_parts; i++)
      geometry->parts[i].segment = segments[i];
  }

  for (guint i = 0; i < values->n_parts; i++)
    {
      const CsRect *segment = &geometry->parts[i].segment;
      PangoLayout *label;
      CsColor fill, on;
      double lw, lh;

      if (segment->width <= 0)
        continue;
      label = _cs_chart_bar_segment_label (frame, &values->parts[i], segment);
      if (label == NULL)
        continue;
      _cs_chart_text_size (label, &lw, &lh);
      cs_palette_get_part_color (frame->style.theme, i, values->n_parts, &fill);
      cs_palette_get_text_on (&fill, &on);
      _cs_chart_frame_place (frame, label,
                            segment->x + (segment->width - lw) / 2,
                            segment->y + (segment->height - lh) / 2, &on);
      geometry->parts[i].label_inside = TRUE;
    }

  if (sum <= 0 && geometry->plot.height > 0)
    {
      PangoLayout *empty = _cs_chart_frame_text (frame, _("No data"), CS_CHART_FONT_REGULAR,
                                                geometry->plot.width - 6, 1);
      double ew, eh;

      _cs_chart_text_size (empty, &ew, &eh);
      if (eh <= geometry->plot.height)
        _cs_chart_frame_place (frame, empty,
                              geometry->plot.x + (geometry->plot.width - ew) / 2,
                              geometry->plot.y + (geometry->plot.height - eh) / 2, &secondary);
    }

  /* Legend rows below the bar; entries on dropped rows get no rectangle. */
  y = geometry->plot.y + geometry->plot.height + pad * 0.75;
  geometry->legend = (CsRect) { pad, y, inner_w, rows_used > 0 ? rows_used * row_h + (rows_used - 1) * row_gap : 0 };
  for (guint i = 0; i < values->n_parts; i++)
    {
      CsRect *entry = &geometry->parts[i].legend;
      const LegendEntry *e = &legend.entries[i];

      if (legend.rows[i] >= rows_used)
        {
          *entry = (CsRect) { 0, 0, 0, 0 };
          continue;
        }
      *entry = (CsRect) { pad + legend.xs[i], y + legend.rows[i] * (row_h + row_gap), e->width, row_h };
      if (e->label != NULL)
        _cs_chart_frame_place (frame, e->label, entry->x + swatch * 1.5, entry->y, &text_color);
      _cs_chart_frame_place (frame, e->numbers, entry->x + e->numbers_x, entry->y + e->numbers_y, &secondary);
    }
  legend_clear (&legend);
}

void
_cs_chart_bar_draw (CsChartFrame *frame,
                   cairo_t      *cr)
{
  const CsChartValues *values = frame->values;
  const CsChartGeometry *geometry = frame->geometry;
  double swatch = frame->small_line_height * 0.75;
  double hairline = 1.0 / frame->style.scale;
  CsColor grid, neutral;

  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_GRID, &grid);
  _cs_chart_frame_role_color (frame, CS_COLOR_ROLE_NEUTRAL, &neutral);

  if (geometry->plot.height <= 0)
    return;

  if (frame->base != NULL)
    _cs_chart_compare_draw_bar (frame, cr);
  cs_color_set_source (cr, &neutral);
  cairo_rectangle (cr, geometry->plot.x, geometry->plot.y, geometry->plot.width, geometry->plot.height);
  cairo_fill (cr);

  for (guint i = 0; i < geometry->n_parts; i++)
    {
      const CsChartPartGeometry *part = &geometry->parts[i];
      CsColor fill;

      cs_palette_get_part_color (frame->style.theme, i, values->n_parts, &fill);
      cs_color_set_source (cr, &fill);
      if (part->segment.width > 0)
        {
          cairo_rectangle (cr, part->segment.x, part->segment.y, part->segment.width, part->segment.height);
          cairo_fill (cr);
        }
      if (part->legend.width > 0)
        {
          CsRect box = { part->legend.x, part->legend.y + (part->legend.height - swatch) / 2, swatch, swatch };

          _cs_chart_rounded_rect (cr, &box, swatch / 5);
          cairo_fill_preserve (cr);
          /* Light swatches (yellow on white) need an edge to be seen. */
          cs_color_set_source (cr, &grid);
          cairo_set_line_width (cr, hairline);
          cairo_stroke (cr);
        }
    }

  /* Outline just outside the bar, so segments keep their exact widths. */
  cs_color_set_source (cr, &grid);
  cairo_set_line_width (cr, hairline);
  cairo_rectangle (cr,
                   geometry->plot.x - hairline / 2, geometry->plot.y - hairline / 2,
                   geometry->plot.width + hairline, geometry->plot.height + hairline);
  cairo_stroke (cr);
}
