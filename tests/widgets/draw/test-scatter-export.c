/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-scatter-export.c — a scatter chart to PNG, SVG and PDF */

#include "config.h"

#include <string.h>

#include "cs-export.h"
#include "cs-scatter-draw.h"
#include "cs-test-util.h"

static char *tmpdir;

static CsScatterData *
make_data (void)
{
  CsScatterData *data = cs_scatter_data_new (CS_SCATTER_MODE_CACHELINE, "Counters");

  cs_scatter_data_add_series (data, "worker 1");
  cs_scatter_data_add_series (data, "worker 2");
  for (guint i = 0; i < 200; i++)
    cs_scatter_data_add_point (data, i * 0.05, 0x4000 + (i % 2 ? 32 : 0) + i % 8, i % 2,
                               CS_SCATTER_POINT_STORE);
  cs_scatter_data_select_line (data, 0x4000);
  return data;
}

/* PNG: width × scale by height × scale pixels, as read back by cairo. */
static void
test_png_size (void)
{
  g_autoptr(CsScatterData) data = make_data ();
  g_autofree char *path = g_build_filename (tmpdir, "scatter.png", NULL);
  const struct { double w, h, scale; int pw, ph; } cases[] = {
    { 400, 300, 2, 800, 600 }, { 640, 360, 1, 640, 360 }, { 300, 200, 1.5, 450, 300 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      cairo_surface_t *png;

      g_assert_true (cs_export (cs_scatter_drawing (data), NULL, CS_EXPORT_PNG, cases[i].w, cases[i].h, cases[i].scale, path, &error));
      g_assert_no_error (error);
      png = cairo_image_surface_create_from_png (path);
      g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (png), ==, cases[i].pw);
      g_assert_cmpint (cairo_image_surface_get_height (png), ==, cases[i].ph);
      cairo_surface_destroy (png);
    }
}

/* SVG and PDF are vector documents of their kind. */
static void
test_vector (void)
{
  g_autoptr(CsScatterData) data = make_data ();
  g_autofree char *svg = g_build_filename (tmpdir, "scatter.svg", NULL);
  g_autofree char *pdf = g_build_filename (tmpdir, "scatter.pdf", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (cs_export (cs_scatter_drawing (data), NULL, CS_EXPORT_SVG, 500, 300, 1, svg, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &contents, &length, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_assert_nonnull (strstr (contents, "width=\"500"));
  g_clear_pointer (&contents, g_free);

  g_assert_true (cs_export (cs_scatter_drawing (data), NULL, CS_EXPORT_PDF, 500, 300, 1, pdf, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (pdf, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 5);
  g_assert_true (memcmp (contents, "%PDF-", 5) == 0);
}

/* An unwritable path fails with a G_IO_ERROR naming it; a bad size too. */
static void
test_errors (void)
{
  g_autoptr(CsScatterData) data = make_data ();
  g_autofree char *path = g_build_filename (tmpdir, "no-such-dir", "x.png", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (cs_export (cs_scatter_drawing (data), NULL, CS_EXPORT_PNG, 300, 200, 1, path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  g_assert_false (cs_export (cs_scatter_drawing (data), NULL, CS_EXPORT_PNG, 0, 200, 1, path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/scatter-export/png-size", test_png_size);
  g_test_add_func ("/scatter-export/vector", test_vector);
  g_test_add_func ("/scatter-export/errors", test_errors);
  return cs_test_run_with_tmpdir (&tmpdir);
}
