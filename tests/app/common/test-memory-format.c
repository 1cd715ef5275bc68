/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-memory-format.c — the Memory page's counts read as sentences
 *
 * One sample is "1 sample", not "1 samples": the counts go through
 * ngettext, in English and in German (the build tree's catalogue); the
 * expected texts are written out by hand.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "cs-i18n.h"
#include "cs-memory-format.h"
#include "cs-test-util.h"

static void
test_english (void)
{
  g_autofree char *one = cs_memory_format_counts (1, 1, 0);
  g_autofree char *many = cs_memory_format_counts (2, 0, 1234);

  g_assert_cmpstr (one, ==, "1 sample · 1 load · 0 stores");
  g_assert_cmpstr (many, ==, "2 samples · 0 loads · 1,234 stores");
}

/* German has the same two forms (nplurals=2): the singular for 1. */
static void
test_german (void)
{
  g_autofree char *one = NULL;

  g_setenv ("LANGUAGE", "de", TRUE);
  one = cs_memory_format_counts (1, 2, 1);
  g_unsetenv ("LANGUAGE");
  g_assert_cmpstr (one, ==, "1 Sample · 2 Lesezugriffe · 1 Schreibzugriff");
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  cs_i18n_init ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/memory-format/plural/english", test_english);
  g_test_add_func ("/memory-format/plural/german", test_german);
  return g_test_run ();
}
