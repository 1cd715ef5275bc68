/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-values.c — BAR shares, REF bands and sentences, NaN handling
 *
 * Expected shares are hand computations (part / sum of non-negative parts).
 */
#include "config.h"

#include <math.h>

#include "cs-chart-values.h"

static const char *model_json =
  "{ \"format\": 1, \"id\": \"c\", \"name\": \"C\", \"pmus\": [\"core\"], \"cycles\": \"a\",\n"
  "  \"events\": [ { \"alias\": \"a\", \"event\": \"A\" }, { \"alias\": \"b\", \"event\": \"B\" },\n"
  "              { \"alias\": \"c\", \"event\": \"C\" }, { \"alias\": \"d\", \"event\": \"D\" } ],\n"
  "  \"metrics\": [\n"
  "    { \"name\": \"A\", \"title\": \"Part A\", \"formula\": \"a\", \"unit\": \"cycles\" },\n"
  "    { \"name\": \"B\", \"title\": \"Part B\", \"formula\": \"b\", \"unit\": \"cycles\" },\n"
  "    { \"name\": \"C\", \"title\": \"Part C\", \"formula\": \"c\", \"unit\": \"cycles\" },\n"
  "    { \"name\": \"D\", \"title\": \"Part D\", \"formula\": \"d\", \"unit\": \"cycles\" },\n"
  "    { \"name\": \"Pct\", \"title\": \"Percent\", \"formula\": \"100 * a / (a + b + c)\", \"unit\": \"%\" }\n"
  "  ],\n"
  "  \"charts\": [\n"
  "    { \"id\": \"bar\", \"kind\": \"bar\", \"title\": \"Bar\", \"parts\": [\"A\", \"B\", \"C\"] },\n"
  "    { \"id\": \"bar4\", \"kind\": \"bar\", \"title\": \"Bar 4\", \"parts\": [\"A\", \"D\", \"B\", \"C\"] },\n"
  "    { \"id\": \"ref\", \"kind\": \"ref\", \"title\": \"Ref\", \"metric\": \"Pct\",\n"
  "      \"low\": 0, \"medium\": 20, \"high\": 50,\n"
  "      \"sentences\": { \"low\": \"L\", \"medium\": \"M\", \"high\": \"H\" } },\n"
  "    { \"id\": \"good\", \"kind\": \"ref\", \"title\": \"Good\", \"metric\": \"Pct\",\n"
  "      \"low\": 0, \"medium\": 20, \"high\": 50, \"higher_is_better\": true,\n"
  "      \"sentences\": { \"low\": \"gl\", \"medium\": \"gm\", \"high\": \"gh\" } }\n"
  "  ] }\n";

static CsModel *
load_model (void)
{
  g_autoptr(GError) error = NULL;
  CsModel *model = cs_model_new_from_data (model_json, -1, "c.json", &error);

  g_assert_no_error (error);
  return model;
}

static CsChartValues *
chart (CsModel    *model,
       const char *id,
       double      a,
       double      b,
       double      c,
       double      d)
{
  g_autoptr(CsCounts) counts = cs_counts_new ();
  g_autoptr(CsEvaluation) ev = NULL;
  g_autoptr(GError) error = NULL;

  /* NaN means "not counted". */
  if (!isnan (a)) cs_counts_set (counts, "a", a, CS_PROVENANCE_COUNTED);
  if (!isnan (b)) cs_counts_set (counts, "b", b, CS_PROVENANCE_SCALED);
  if (!isnan (c)) cs_counts_set (counts, "c", c, CS_PROVENANCE_COUNTED);
  if (!isnan (d)) cs_counts_set (counts, "d", d, CS_PROVENANCE_ESTIMATED);
  ev = cs_evaluation_new (model, counts, NULL, &error);
  g_assert_no_error (error);
  return cs_chart_values_new (cs_model_find_chart (model, id), ev);
}

static void
test_bar_shares (void)
{
  g_autoptr(CsModel) model = load_model ();
  g_autoptr(CsChartValues) v = chart (model, "bar", 30, 50, 20, NAN);

  g_assert_cmpint (v->kind, ==, CS_CHART_BAR);
  g_assert_cmpstr (v->id, ==, "bar");
  g_assert_cmpstr (v->title, ==, "Bar");
  g_assert_cmpstr (v->unit, ==, "cycles");
  g_assert_cmpuint (v->n_parts, ==, 3);
  g_assert_cmpfloat (v->total, ==, 100);                       /* 30 + 50 + 20 */
  g_assert_cmpstr (v->parts[0].name, ==, "A");
  g_assert_cmpstr (v->parts[0].label, ==, "Part A");
  g_assert_cmpfloat (v->parts[0].value, ==, 30);
  g_assert_cmpfloat_with_epsilon (v->parts[0].share, 0.3, 1e-12);   /* 30/100 */
  g_assert_cmpfloat_with_epsilon (v->parts[1].share, 0.5, 1e-12);   /* 50/100 */
  g_assert_cmpfloat_with_epsilon (v->parts[2].share, 0.2, 1e-12);   /* 20/100 */
  g_assert_cmpint (v->parts[0].provenance, ==, CS_PROVENANCE_COUNTED);
  g_assert_cmpint (v->parts[1].provenance, ==, CS_PROVENANCE_SCALED);
  g_assert_cmpint (v->provenance, ==, CS_PROVENANCE_SCALED);   /* weakest part */
}

static void
test_bar_negative_and_nan (void)
{
  g_autoptr(CsModel) model = load_model ();
  /* bar4 = A, D, B, C with a=30, d missing, b=-10, c=70. */
  g_autoptr(CsChartValues) v = chart (model, "bar4", 30, -10, 70, NAN);

  g_assert_cmpuint (v->n_parts, ==, 4);
  g_assert_cmpfloat (v->total, ==, 100);                       /* 30 + 70; -10 and NaN take no room */
  g_assert_cmpfloat_with_epsilon (v->parts[0].share, 0.3, 1e-12);
  g_assert_true (isnan (v->parts[1].value));
  g_assert_cmpfloat (v->parts[1].share, ==, 0);
  g_assert_cmpint (v->parts[1].provenance, ==, CS_PROVENANCE_NONE);
  g_assert_cmpfloat (v->parts[2].value, ==, -10);
  g_assert_cmpfloat (v->parts[2].share, ==, 0);
  g_assert_cmpfloat_with_epsilon (v->parts[3].share, 0.7, 1e-12);
}

static void
test_bar_all_missing (void)
{
  g_autoptr(CsModel) model = load_model ();
  g_autoptr(CsChartValues) v = chart (model, "bar", NAN, NAN, NAN, NAN);

  g_assert_cmpfloat (v->total, ==, 0);
  for (guint i = 0; i < v->n_parts; i++)
    {
      g_assert_true (isnan (v->parts[i].value));
      g_assert_cmpfloat (v->parts[i].share, ==, 0);
    }
  g_assert_cmpint (v->provenance, ==, CS_PROVENANCE_NONE);
}

static void
assert_ref (CsModel    *model,
            const char *id,
            double      a,
            double      b,
            double      expected_value,
            CsBand      expected_band,
            const char *expected_sentence)
{
  g_autoptr(CsChartValues) v = chart (model, id, a, b, 0, NAN);

  g_assert_cmpint (v->kind, ==, CS_CHART_REF);
  g_assert_cmpstr (v->metric, ==, "Pct");
  g_assert_cmpstr (v->metric_label, ==, "Percent");
  g_assert_cmpstr (v->unit, ==, "%");
  g_assert_cmpfloat (v->low, ==, 0);
  g_assert_cmpfloat (v->medium, ==, 20);
  g_assert_cmpfloat (v->high, ==, 50);
  if (isnan (expected_value))
    g_assert_true (isnan (v->value));
  else
    g_assert_cmpfloat_with_epsilon (v->value, expected_value, 1e-12);
  g_assert_cmpint (v->band, ==, expected_band);
  g_assert_cmpstr (v->sentence, ==, expected_sentence);
}

static void
test_ref_bands (void)
{
  g_autoptr(CsModel) model = load_model ();

  /* Pct = 100 a / (a + b) here (c = 0). */
  assert_ref (model, "ref", 10, 90, 10, CS_BAND_LOW, "L");      /* 100*10/100 = 10 < 20 */
  assert_ref (model, "ref", 20, 80, 20, CS_BAND_MEDIUM, "M");   /* = medium: medium band */
  assert_ref (model, "ref", 49, 51, 49, CS_BAND_MEDIUM, "M");
  assert_ref (model, "ref", 50, 50, 50, CS_BAND_HIGH, "H");     /* = high: high band */
  assert_ref (model, "ref", 90, 10, 90, CS_BAND_HIGH, "H");
  assert_ref (model, "ref", 0, 0, NAN, CS_BAND_NONE, NULL);     /* 0/0: unknown */
  assert_ref (model, "ref", NAN, 5, NAN, CS_BAND_NONE, NULL);   /* a not counted */
}

static void
test_ref_higher_is_better (void)
{
  g_autoptr(CsModel) model = load_model ();
  g_autoptr(CsChartValues) bad = chart (model, "ref", 10, 90, 0, NAN);
  g_autoptr(CsChartValues) good = chart (model, "good", 10, 90, 0, NAN);

  /* The bands are the same; only the colours (and sentences) differ. */
  g_assert_false (bad->higher_is_better);
  g_assert_true (good->higher_is_better);
  g_assert_cmpint (good->band, ==, CS_BAND_LOW);
  g_assert_cmpstr (good->sentence, ==, "gl");
  g_assert_cmpstr (good->sentences[CS_BAND_HIGH], ==, "gh");
  assert_ref (model, "good", 60, 40, 60, CS_BAND_HIGH, "gh");
}

static void
test_band_for_value (void)
{
  g_assert_cmpint (cs_band_for_value (NAN, 1, 2), ==, CS_BAND_NONE);
  g_assert_cmpint (cs_band_for_value (-5, 1, 2), ==, CS_BAND_LOW);
  g_assert_cmpint (cs_band_for_value (0.999, 1, 2), ==, CS_BAND_LOW);
  g_assert_cmpint (cs_band_for_value (1, 1, 2), ==, CS_BAND_MEDIUM);
  g_assert_cmpint (cs_band_for_value (2, 1, 2), ==, CS_BAND_HIGH);
  g_assert_cmpint (cs_band_for_value (INFINITY, 1, 2), ==, CS_BAND_HIGH);
  g_assert_cmpint (cs_band_for_value (1, 1, 1), ==, CS_BAND_HIGH);   /* empty medium band */
}

static void
test_list (void)
{
  g_autoptr(CsModel) model = load_model ();
  g_autoptr(CsEvaluation) ev = cs_evaluation_new (model, NULL, NULL, NULL);
  g_autoptr(GPtrArray) list = cs_chart_values_list (ev);

  g_assert_cmpuint (list->len, ==, 4);
  g_assert_cmpstr (((CsChartValues *) g_ptr_array_index (list, 0))->id, ==, "bar");
  g_assert_cmpstr (((CsChartValues *) g_ptr_array_index (list, 1))->id, ==, "bar4");
  g_assert_cmpstr (((CsChartValues *) g_ptr_array_index (list, 2))->id, ==, "ref");
  g_assert_cmpstr (((CsChartValues *) g_ptr_array_index (list, 3))->id, ==, "good");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart-values/bar-shares", test_bar_shares);
  g_test_add_func ("/chart-values/bar-negative-and-nan", test_bar_negative_and_nan);
  g_test_add_func ("/chart-values/bar-all-missing", test_bar_all_missing);
  g_test_add_func ("/chart-values/ref-bands", test_ref_bands);
  g_test_add_func ("/chart-values/ref-higher-is-better", test_ref_higher_is_better);
  g_test_add_func ("/chart-values/band-for-value", test_band_for_value);
  g_test_add_func ("/chart-values/list", test_list);
  return g_test_run ();
}
