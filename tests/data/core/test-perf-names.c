/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-perf-names.c — perf's spelling of its generic events
 *
 * Expected names come from perf itself (`perf list sw`: each software
 * event's name and the synonyms its parser accepts) and from the kernel's
 * header (the PERF_COUNT_SW_ names libpfm4 spells them by). Exits 77 when
 * perf is not installed.
 */
#include "config.h"

#include <string.h>

#include "cs-perf-names.h"
#include "cs-test-util.h"

/* The enumerators of linux/perf_event.h that start with @prefix. */
static GHashTable *
header_names (const char *prefix)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  if (!g_file_get_contents ("/usr/include/linux/perf_event.h", &text, NULL, NULL))
    return names;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *p = strstr (lines[i], prefix);

      if (p != NULL && (p == lines[i] || !g_ascii_isalnum (p[-1])))
        g_hash_table_add (names, g_strndup (p, strspn (p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")));
    }
  return names;
}

static void
test_software (void)
{
  g_autofree char *perf = cs_test_find_perf ();
  const char *argv[] = { perf, "list", "sw", NULL };
  g_autoptr(GHashTable) enums = header_names ("PERF_COUNT_SW_");
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_events = 0, n_enum = 0;

  if (perf == NULL)
    {
      g_test_skip ("perf is not installed");
      return;
    }
  out = cs_test_run (argv, NULL, NULL);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) words = NULL;
      g_autofree char *underscored = NULL;
      g_autofree char *upper = NULL;
      g_autofree char *libpfm = NULL;
      const char *name;

      if (strstr (lines[i], "[Software event]") == NULL)
        continue;
      words = g_strsplit_set (g_strstrip (lines[i]), " ", -1);
      name = words[0];
      n_events++;
      /* perf's name, and the synonym after "OR", spell the event. */
      g_assert_cmpstr (cs_perf_event_spelling (name), ==, name);
      if (words[1] != NULL && g_str_equal (words[1], "OR"))
        g_assert_cmpstr (cs_perf_event_spelling (words[2]), ==, name);
      /* Our old spelling (a model alias) reads as perf's; perf's own stays. */
      underscored = g_strdelimit (g_strdup (name), "-", '_');
      g_assert_cmpstr (cs_perf_event_spelling (underscored), ==, name);
      g_assert_cmpstr (cs_perf_event_normalize (underscored), ==, name);
      g_assert_true (cs_perf_event_normalize (name) == name);
      /* libpfm4's spelling, where the header's enumerator is named after
       * perf's name. */
      upper = g_ascii_strup (underscored, -1);
      libpfm = g_strdup_printf ("PERF_COUNT_SW_%s", upper);
      if (g_hash_table_contains (enums, libpfm))
        {
          g_autofree char *qualified = g_strdup_printf ("perf::%s:u=1:k=0", libpfm);

          g_assert_cmpstr (cs_perf_event_spelling (libpfm), ==, name);
          g_assert_cmpstr (cs_perf_event_spelling (qualified), ==, name);
          n_enum++;
        }
    }
  g_assert_cmpuint (n_events, >=, 9);
  g_assert_cmpuint (n_enum, >=, 5);
}

/* What is not one of perf's generic events, or already spelt by perf. */
static void
test_others (void)
{
  g_assert_null (cs_perf_event_spelling ("UNHALTED_CORE_CYCLES"));
  g_assert_null (cs_perf_event_spelling ("perf::PERF_COUNT_SW_NOTHING"));
  g_assert_null (cs_perf_event_spelling (NULL));
  g_assert_cmpstr (cs_perf_event_normalize ("cycles:u"), ==, "cycles:u");
  g_assert_cmpstr (cs_perf_event_normalize ("branches"), ==, "branches");
  g_assert_cmpstr (cs_perf_event_normalize ("RS_UOPS_DISPATCHED_CYCLES"), ==, "RS_UOPS_DISPATCHED_CYCLES");
  g_assert_cmpstr (cs_perf_event_normalize ("cpu/event=0x3c/"), ==, "cpu/event=0x3c/");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/perf-names/software", test_software);
  g_test_add_func ("/perf-names/others", test_others);
  return g_test_run ();
}
