/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-chart-export.c — PNG, SVG and PDF export of charts and grids */

#include "config.h"

#include <string.h>

#include "cs-chart-grid.h"
#include "cs-export.h"
#include "cs-test-charts.h"
#include "cs-test-util.h"

static char *tmpdir;

static guint
count_colors (cairo_surface_t *surface)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  const unsigned char *data;
  int stride;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      g_hash_table_add (seen, GUINT_TO_POINTER (*(const guint32 *) (data + y * stride + x * 4) | 1));
  return g_hash_table_size (seen);
}

static CsChartValues *
make_bar (void)
{
  const double parts[] = { 1405883341, 216890912, 684000000 };

  return test_bar_new ("Cycle decomposition", "cycles", parts, 3);
}

/* PNG: width × scale by height × scale pixels, read back with cairo, and
 * not blank: the background, three segments, text — many colours. */
static void
test_png_size (void)
{
  CsChartValues *values = make_bar ();
  g_autofree char *path = g_build_filename (tmpdir, "bar.png", NULL);
  g_autoptr(GError) error = NULL;
  const struct { double w, h, scale; int pw, ph; } cases[] = {
    { 400, 300, 2, 800, 600 }, { 640, 360, 1, 640, 360 }, { 300, 200, 1.5, 450, 300 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      cairo_surface_t *png;
      int pw, ph;

      g_assert_true (cs_export (cs_chart_drawing (values), NULL, CS_EXPORT_PNG, cases[i].w, cases[i].h, cases[i].scale,
                                      path, &error));
      g_assert_no_error (error);
      png = cairo_image_surface_create_from_png (path);
      g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (png), ==, cases[i].pw);
      g_assert_cmpint (cairo_image_surface_get_height (png), ==, cases[i].ph);
      g_assert_cmpuint (count_colors (png), >=, 8);
      cairo_surface_destroy (png);

      cs_export_get_pixel_size (cases[i].w, cases[i].h, cases[i].scale, &pw, &ph);
      g_assert_cmpint (pw, ==, cases[i].pw);
      g_assert_cmpint (ph, ==, cases[i].ph);
    }
  test_values_free (values);
}

/* The whole grid, dark: right size, dark background, several colours. */
static void
test_png_grid_dark (void)
{
  const double parts[] = { 5, 3, 2 };
  CsChartValues *values[5];
  g_autofree char *path = g_build_filename (tmpdir, "grid.png", NULL);
  g_autoptr(GError) error = NULL;
  CsChartStyle style;
  cairo_surface_t *png;

  values[0] = make_bar ();
  values[1] = test_bar_new ("Stalls", "cycles", parts, 3);
  values[2] = test_ref_new (0.4, 0, 1, 2, FALSE, CS_BAND_LOW);
  values[3] = test_ref_new (1.2, 0, 1, 2, FALSE, CS_BAND_MEDIUM);
  values[4] = test_ref_new (NAN, 0, 1, 2, FALSE, CS_BAND_NONE);
  cs_chart_style_init (&style, CS_THEME_DARK);

  {
    g_autoptr(GPtrArray) charts = g_ptr_array_new ();

    for (guint i = 0; i < 5; i++)
      g_ptr_array_add (charts, values[i]);
    g_assert_true (cs_export (cs_chart_grid_drawing (charts), &style, CS_EXPORT_PNG, 900, 500, 2, path, &error));
  }
  g_assert_no_error (error);
  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 1800);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 1000);
  g_assert_cmpfloat (test_luminance (test_pixel (png, 0, 0)), <, 0.1);
  g_assert_cmpuint (count_colors (png), >=, 8);
  cairo_surface_destroy (png);

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    test_values_free (values[i]);
}

typedef struct
{
  char *root;
  guint n_elements;
} SvgInfo;

static void
svg_start (GMarkupParseContext  *context,
           const char           *element_name,
           const char          **attribute_names,
           const char          **attribute_values,
           gpointer              user_data,
           GError              **error)
{
  SvgInfo *info = user_data;

  if (info->root == NULL)
    info->root = g_strdup (element_name);
  info->n_elements++;
}

static void
test_svg_wellformed (void)
{
  CsChartValues *values = test_ref_new (1.25, 0, 1, 2, FALSE, CS_BAND_MEDIUM);
  g_autofree char *path = g_build_filename (tmpdir, "ref.svg", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autoptr(GError) error = NULL;
  const GMarkupParser parser = { svg_start, NULL, NULL, NULL, NULL };
  GMarkupParseContext *context;
  SvgInfo info = { NULL, 0 };
  gsize len;

  g_assert_true (cs_export (cs_chart_drawing (values), NULL, CS_EXPORT_SVG, 480, 220, 1, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &len, &error));
  g_assert_no_error (error);

  /* GMarkup rejects the <?xml?> declaration's neighbours only if malformed. */
  context = g_markup_parse_context_new (&parser, 0, &info, NULL);
  g_assert_true (g_markup_parse_context_parse (context, contents, len, &error));
  g_assert_no_error (error);
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_markup_parse_context_free (context);
  g_assert_cmpstr (info.root, ==, "svg");
  g_assert_cmpuint (info.n_elements, >, 5);
  g_assert_nonnull (strstr (contents, "width=\"480"));
  g_free (info.root);

  if (xmllint != NULL)
    {
      const char *argv[] = { xmllint, "--noout", path, NULL };
      int status;
      g_autofree char *out = cs_test_run (argv, NULL, &status);

      g_assert_true (g_spawn_check_wait_status (status, NULL));
    }
  test_values_free (values);
}

static void
test_pdf_valid (void)
{
  CsChartValues *values = make_bar ();
  g_autoptr(GPtrArray) grid = g_ptr_array_new ();
  g_autofree char *path = g_build_filename (tmpdir, "bar.pdf", NULL);
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (grid, values);
  g_ptr_array_add (grid, test_ref_new (2.5, 0, 1, 2, TRUE, CS_BAND_HIGH));
  for (guint pass = 0; pass < 2; pass++)
    {
      g_autofree char *contents = NULL;
      gsize len;

      if (pass == 0)
        g_assert_true (cs_export (cs_chart_drawing (values), NULL, CS_EXPORT_PDF, 500, 250, 1, path, &error));
      else
        g_assert_true (cs_export (cs_chart_grid_drawing (grid), NULL, CS_EXPORT_PDF, 800, 300, 1, path, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &contents, &len, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (len, >, 100);
      g_assert_true (memcmp (contents, "%PDF-", 5) == 0);
      /* Binary streams hold NULs: compare bytes, not C strings. */
      while (len > 0 && g_ascii_isspace (contents[len - 1]))
        len--;
      g_assert_cmpuint (len, >, 5);
      g_assert_true (memcmp (contents + len - 5, "%%EOF", 5) == 0);
    }
  test_values_free (g_ptr_array_index (grid, 1));
  test_values_free (values);
}

/* An unwritable path is an error naming the path, for every format; a
 * failed export creates nothing. */
static void
test_unwritable (void)
{
  CsChartValues *values = make_bar ();
  const CsExportFormat formats[] = { CS_EXPORT_PNG, CS_EXPORT_SVG, CS_EXPORT_PDF };
  g_autofree char *missing_dir = g_build_filename (tmpdir, "no-such-dir", "chart.png", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_false (cs_export (cs_chart_drawing (values), NULL, formats[i], 400, 300, 1, missing_dir, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, missing_dir));
      g_assert_false (g_file_test (missing_dir, G_FILE_TEST_EXISTS));
      g_clear_error (&error);

      /* A directory is not a file either. */
      g_assert_false (cs_export (cs_chart_drawing (values), NULL, formats[i], 400, 300, 1, tmpdir, &error));
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, tmpdir));
      g_assert_true (g_file_test (tmpdir, G_FILE_TEST_IS_DIR));
    }

  {
    g_autoptr(GError) error = NULL;
    g_autofree char *path = g_build_filename (tmpdir, "zero.png", NULL);

    g_assert_false (cs_export (cs_chart_drawing (values), NULL, CS_EXPORT_PNG, 0, 300, 1, path, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  }
  test_values_free (values);
}

static void
test_format_from_path (void)
{
  g_autoptr(GError) error = NULL;
  CsExportFormat format;

  g_assert_true (cs_export_format_from_path ("a/b/Chart.PNG", &format, NULL));
  g_assert_cmpint (format, ==, CS_EXPORT_PNG);
  g_assert_true (cs_export_format_from_path ("x.svg", &format, NULL));
  g_assert_cmpint (format, ==, CS_EXPORT_SVG);
  g_assert_true (cs_export_format_from_path ("x.pdf", &format, NULL));
  g_assert_cmpint (format, ==, CS_EXPORT_PDF);
  /* JPEG is refused, and the message names the file and what works. */
  g_assert_false (cs_export_format_from_path ("dir/x.jpg", &format, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "x.jpg"));
  g_assert_nonnull (strstr (error->message, ".png"));
  g_assert_cmpstr (cs_export_format_get_extension (CS_EXPORT_SVG), ==, "svg");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart-export/png-size", test_png_size);
  g_test_add_func ("/chart-export/png-grid-dark", test_png_grid_dark);
  g_test_add_func ("/chart-export/svg", test_svg_wellformed);
  g_test_add_func ("/chart-export/pdf", test_pdf_valid);
  g_test_add_func ("/chart-export/unwritable", test_unwritable);
  g_test_add_func ("/chart-export/format-from-path", test_format_from_path);

  return cs_test_run_with_tmpdir (&tmpdir);
}
