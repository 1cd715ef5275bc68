/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-deep-model.h — model texts as long as a file can make them, for
 * the tests that once overflowed the stack (header only)
 */
#pragma once

#include <glib.h>

/* "1+1+…+1" with @n terms (@op between them), then @tail. */
static inline char *
cs_test_long_sum (guint       n,
                  const char *op,
                  const char *tail)
{
  GString *s = g_string_sized_new (n * 2 + 16);

  g_string_append (s, "1");
  for (guint i = 1; i < n; i++)
    {
      g_string_append (s, op);
      g_string_append (s, "1");
    }
  g_string_append (s, tail);
  return g_string_free (s, FALSE);
}

/* A model file (JSON) with @n metrics: m<k> is "m<k+1> + 1", the last one's
 * formula is @last; one event, task_clock, the cycles alias. */
static inline char *
cs_test_chain_model (const char *id,
                     guint       n,
                     const char *last)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "{ \"format\": 1, \"id\": \"%s\", \"name\": \"Chain\", \"pmus\": [\"*\"],\n"
                          "  \"cycles\": \"task_clock\",\n"
                          "  \"events\": [ { \"alias\": \"task_clock\", "
                          "\"event\": \"perf::PERF_COUNT_SW_TASK_CLOCK\" } ],\n"
                          "  \"metrics\": [\n", id);
  for (guint i = 0; i + 1 < n; i++)
    g_string_append_printf (s, "    { \"name\": \"m%u\", \"formula\": \"m%u + 1\" },\n", i, i + 1);
  g_string_append_printf (s, "    { \"name\": \"m%u\", \"formula\": \"%s\" } ] }\n", n - 1, last);
  return g_string_free (s, FALSE);
}

/* A model whose one metric has @formula. */
static inline char *
cs_test_formula_model (const char *id,
                       const char *formula)
{
  return g_strdup_printf ("{ \"format\": 1, \"id\": \"%s\", \"name\": \"S\", \"pmus\": [\"*\"], "
                          "\"cycles\": \"t\", \"events\": [ { \"alias\": \"t\", "
                          "\"event\": \"perf::PERF_COUNT_SW_TASK_CLOCK\" } ], "
                          "\"metrics\": [ { \"name\": \"s\", \"formula\": \"%s\" } ] }", id, formula);
}
