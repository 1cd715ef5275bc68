/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-export.c — `cyclescope export` on the fixture session bundles
 *
 * Runs the real binary with no display. Skips (exit 77) while there are no
 * fixture bundles in tests/fixtures. */

#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include "cs-test-charts.h"
#include "cs-test-util.h"

static char *cyclescope;
static char *tmpdir;
static GPtrArray *bundles;

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static char *
run_export (const char * const *args,
            int                *exit_status,
            char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  int status = 0;
  char *out;

  g_ptr_array_add (argv, cyclescope);
  g_ptr_array_add (argv, (char *) "export");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  out = cs_test_run ((const char * const *) argv->pdata, err, &status);
  *exit_status = WIFEXITED (status) ? WEXITSTATUS (status) : -1;
  return out;
}

/* --size 800x600 --scale 2 gives a 1600×1200 PNG, for every fixture. */
static void
test_png_grid (void)
{
  for (guint i = 0; i < bundles->len; i++)
    {
      const char *bundle = g_ptr_array_index (bundles, i);
      g_autofree char *png = g_build_filename (tmpdir, "all.png", NULL);
      const char *args[] = { bundle, "--chart", "all", "--png", png, "--size", "800x600", "--scale", "2", NULL };
      g_autofree char *err = NULL;
      g_autofree char *out = NULL;
      cairo_surface_t *surface;
      int status;

      g_remove (png);
      out = run_export (args, &status, &err);
      g_test_message ("%s: exit %d, stderr: %s", bundle, status, err);
      g_assert_cmpint (status, ==, 0);
      surface = cairo_image_surface_create_from_png (png);
      g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 1600);
      g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 1200);
      /* Not blank: the page and the cards differ at least. */
      g_assert_false (test_pixel_equal (test_pixel (surface, 2, 2), test_pixel (surface, 800, 600)) &&
                      test_pixel_equal (test_pixel (surface, 2, 2), test_pixel (surface, 400, 300)));
      cairo_surface_destroy (surface);
    }
}

/* --chart list names the ids; each exports alone as SVG and PDF. */
static void
test_list_and_single (void)
{
  const char *bundle = g_ptr_array_index (bundles, 0);
  const char *list_args[] = { bundle, "--chart", "list", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  guint n_ids = 0;
  int status;

  out = run_export (list_args, &status, &err);
  g_assert_cmpint (status, ==, 0);
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit_set (g_strstrip (lines[i]), " \t", 2);
      g_autofree char *svg = g_build_filename (tmpdir, "one.svg", NULL);
      g_autofree char *pdf = g_build_filename (tmpdir, "one.pdf", NULL);
      g_autofree char *contents = NULL;
      g_autofree char *out2 = NULL;
      g_autofree char *out3 = NULL;
      gsize len;

      if (fields[0] == NULL || fields[0][0] == '\0')
        continue;
      n_ids++;
      {
        const char *args[] = { bundle, "--chart", fields[0], "--svg", svg, NULL };

        out2 = run_export (args, &status, NULL);
        g_assert_cmpint (status, ==, 0);
        g_assert_true (g_file_get_contents (svg, &contents, &len, NULL));
        g_assert_nonnull (strstr (contents, "<svg"));
        g_clear_pointer (&contents, g_free);
      }
      {
        const char *args[] = { bundle, "--chart", fields[0], "--pdf", pdf, "--dark", NULL };

        out3 = run_export (args, &status, NULL);
        g_assert_cmpint (status, ==, 0);
        g_assert_true (g_file_get_contents (pdf, &contents, &len, NULL));
        g_assert_true (len > 5 && memcmp (contents, "%PDF-", 5) == 0);
      }
    }
  g_assert_cmpuint (n_ids, >, 0);
}

static void
test_errors (void)
{
  const char *bundle = g_ptr_array_index (bundles, 0);
  g_autofree char *png = g_build_filename (tmpdir, "x.png", NULL);
  g_autofree char *missing = g_build_filename (tmpdir, "no-such-dir", "x.png", NULL);
  struct { const char *args[10]; int status; const char *in_stderr; } cases[] = {
    { { bundle, "--chart", "no-such-chart", "--png", png, NULL }, 1, "no-such-chart" },
    { { bundle, "--png", missing, NULL }, 1, missing },
    { { bundle, "--png", png, "--svg", png, NULL }, 2, "--png" },
    { { bundle, NULL }, 2, "--png" },
    { { bundle, "--png", png, "--size", "800by600", NULL }, 2, "800by600" },
    { { bundle, "--png", png, "--scale", "0", NULL }, 2, "0" },
    { { "/no/such/bundle.cyclescope", "--png", png, NULL }, 1, "/no/such/bundle.cyclescope" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status;

      out = run_export (cases[i].args, &status, &err);
      g_test_message ("case %u: exit %d, stderr: %s", i, status, err);
      g_assert_cmpint (status, ==, cases[i].status);
      g_assert_nonnull (strstr (err, cases[i].in_stderr));
    }
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *fixtures = g_build_filename (CS_TEST_SRCDIR, "fixtures", NULL);
  g_autoptr(GDir) dir = NULL;
  const char *name;
  int ret;

  g_test_init (&argc, &argv, NULL);

  bundles = g_ptr_array_new_with_free_func (g_free);
  dir = g_dir_open (fixtures, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".cyclescope"))
      g_ptr_array_add (bundles, g_build_filename (fixtures, name, NULL));
  if (bundles->len == 0)
    {
      g_print ("1..0 # SKIP no fixture bundles in %s\n", fixtures);
      return CS_TEST_SKIP_EXIT;
    }
  g_ptr_array_sort (bundles, compare_paths);

  cyclescope = cs_test_build_path ("app/cli/cyclescope");
  g_test_add_func ("/cli-export/png-grid", test_png_grid);
  g_test_add_func ("/cli-export/list-and-single", test_list_and_single);
  g_test_add_func ("/cli-export/errors", test_errors);

  ret = cs_test_run_with_tmpdir (&tmpdir);
  g_free (cyclescope);
  g_ptr_array_unref (bundles);
  return ret;
}
