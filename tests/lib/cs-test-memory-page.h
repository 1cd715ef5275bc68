/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-memory-page.h — the Memory page's parts and the checks on them, over a false-sharing recording (header only) */
#pragma once

#include <string.h>

#include "cs-cacheline-table.h"
#include "cs-memory-page.h"
#include "cs-scatter-view.h"
#include "cs-test-app.h"
#include "cs-test-false-sharing.h"

/* A recording of cs-test-false-sharing and what the workload printed. */
typedef struct
{
  char    *bundle;
  guint64  counter[2];
  guint64  tid[2];
  gboolean adjacent;
} CsTestMemoryRecording;

static inline void
cs_test_memory_recording_free (CsTestMemoryRecording *r)
{
  g_free (r->bundle);
  g_free (r);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CsTestMemoryRecording, cs_test_memory_recording_free)

static inline CsTestMemoryRecording *
cs_test_memory_record (const char *cyclescope,
                       const char *workload,
                       const char *tmpdir,
                       const char *mode)
{
  CsTestMemoryRecording *r = g_new0 (CsTestMemoryRecording, 1);
  g_autofree char *out = NULL;

  r->bundle = cs_test_fs_record (cyclescope, workload, tmpdir, mode, &out);
  r->counter[0] = cs_test_fs_value (out, "counter_a");
  r->counter[1] = cs_test_fs_value (out, "counter_b");
  r->tid[0] = cs_test_fs_value (out, "tid_a");
  r->tid[1] = cs_test_fs_value (out, "tid_b");
  r->adjacent = g_str_equal (mode, "adjacent");
  return r;
}

/* The page's parts, by their names in cs-memory-page.ui. */
static inline CsScatterView *
cs_test_memory_scatter (CsMemoryPage *page)
{
  return CS_SCATTER_VIEW (gtk_widget_get_template_child (GTK_WIDGET (page), CS_TYPE_MEMORY_PAGE, "scatter"));
}

static inline const CsMemoryLine *
cs_test_memory_selected_line (CsMemoryPage *page)
{
  GObject *table = gtk_widget_get_template_child (GTK_WIDGET (page), CS_TYPE_MEMORY_PAGE, "lines_table");

  return cs_cacheline_table_get_selected_line (CS_CACHELINE_TABLE (table));
}

/* The warning above the lines, NULL while hidden. */
static inline const char *
cs_test_memory_warning (CsMemoryPage *page)
{
  GObject *box = gtk_widget_get_template_child (GTK_WIDGET (page), CS_TYPE_MEMORY_PAGE, "warning_box");
  GObject *label = gtk_widget_get_template_child (GTK_WIDGET (page), CS_TYPE_MEMORY_PAGE, "warning_label");

  return gtk_widget_get_visible (GTK_WIDGET (box)) ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
}

static inline gboolean
cs_test_is_toggle_with_icon (GtkWidget     *widget,
                             gconstpointer  icon)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), icon) == 0;
}

/* "Flagged Lines Only" on the all-accesses scatter: exactly the accesses
 * of the lines with false or true sharing (none when nothing is flagged),
 * every access again when it is off. */
static inline void
cs_test_memory_check_flagged_only (CsMemoryPage *page)
{
  CsMemoryProfile *profile = cs_memory_page_get_profile (page);
  GtkWidget *flagged = cs_test_find_mapped (GTK_WIDGET (page), cs_test_is_toggle_with_icon, "dialog-warning-symbolic");
  guint all = cs_scatter_data_get_n_points (cs_scatter_view_get_data (cs_test_memory_scatter (page)));
  guint64 expected = 0;
  CsScatterData *data;

  for (guint i = 0; i < cs_memory_profile_get_n_lines (profile); i++)
    if (cs_memory_profile_get_line (profile, i)->sharing != CS_MEMORY_SHARING_NONE)
      expected += cs_memory_profile_get_line (profile, i)->samples;
  g_assert_nonnull (flagged);
  g_assert_true (gtk_widget_is_sensitive (flagged));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (flagged), TRUE);
  data = cs_scatter_view_get_data (cs_test_memory_scatter (page));
  g_assert_true (g_str_has_prefix (data->title, "Sampled accesses to lines with false or true sharing"));
  g_assert_cmpuint (cs_scatter_data_get_n_points (data), ==, expected);
  for (guint i = 0; i < cs_scatter_data_get_n_points (data); i++)
    g_assert_cmpint (cs_memory_profile_get_line_by_id (profile, cs_scatter_data_get_point (data, i)->key)->sharing,
                     !=, CS_MEMORY_SHARING_NONE);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (flagged), FALSE);
  g_assert_cmpuint (cs_scatter_data_get_n_points (cs_scatter_view_get_data (cs_test_memory_scatter (page))), ==, all);
}

/* Which of the recording's threads a scatter series is; -1: neither. */
static inline int
cs_test_memory_thread_of_series (const CsTestMemoryRecording *r,
                                 const CsScatterData         *data,
                                 guint                        series)
{
  const char *name = cs_scatter_data_get_series (data, series);

  g_assert_nonnull (name);
  for (int t = 0; t < 2; t++)
    {
      g_autofree char *tid = g_strdup_printf ("%" G_GUINT64_FORMAT, r->tid[t]);

      if (g_str_has_suffix (name, tid))
        return t;
    }
  return -1;
}

/* The counter that is not on @line (padded). */
static inline guint64
cs_test_memory_other_counter (const CsTestMemoryRecording *r,
                              const CsMemoryLine          *line)
{
  return (r->counter[0] & ~G_GUINT64_CONSTANT (63)) == line->address ? r->counter[1] : r->counter[0];
}

/* Cacheline mode on the selected line: each thread's points at its counter. */
static inline void
cs_test_memory_check_line_scatter (const CsTestMemoryRecording *r,
                                   CsMemoryPage                *page,
                                   const CsMemoryLine          *line)
{
  CsScatterData *data = cs_scatter_view_get_data (cs_test_memory_scatter (page));
  guint per_thread[2] = { 0, 0 };

  g_assert_nonnull (data);
  g_assert_cmpint (data->mode, ==, CS_SCATTER_MODE_CACHELINE);
  /* Every address is reconstructed, and the chart says so. */
  g_assert_true (g_str_has_prefix (data->note, "†"));
  g_assert_true (data->has_line);
  g_assert_cmphex (data->line, ==, line->address);
  for (guint i = 0; i < cs_scatter_data_get_n_points (data); i++)
    {
      const CsScatterPoint *p = cs_scatter_data_get_point (data, i);
      int t = cs_test_memory_thread_of_series (r, data, p->thread);

      g_assert_cmpint (t, >=, 0);
      g_assert_cmphex (p->address, ==, r->counter[t]);
      g_assert_true (p->flags & CS_SCATTER_POINT_STORE);
      per_thread[t]++;
    }
  g_test_message ("line 0x%" G_GINT64_MODIFIER "x: %u points of thread a, %u of thread b",
                  line->address, per_thread[0], per_thread[1]);
  /* Adjacent: both threads on the line; padded: the line's own thread. */
  for (int t = 0; t < 2; t++)
    if (r->adjacent || (r->counter[t] & ~G_GUINT64_CONSTANT (63)) == line->address)
      g_assert_cmpuint (per_thread[t], >=, 10);
    else
      g_assert_cmpuint (per_thread[t], ==, 0);
}

/* "Export Image…" is offered, and writes what is shown: a PNG twice the
 * scatter's size on screen. */
static inline void
cs_test_memory_check_export (CsMemoryPage *page,
                             const char   *tmpdir)
{
  CsScatterView *view = cs_test_memory_scatter (page);
  GtkWidget *button = cs_test_find_action_widget (GTK_WIDGET (page), "memory.export-image");
  g_autofree char *path = g_build_filename (tmpdir, "scatter.png", NULL);
  g_autofree char *jpeg = g_build_filename (tmpdir, "scatter.jpg", NULL);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *png;

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (cs_cairo_view_export (CS_CAIRO_VIEW (view), path, &error));
  g_assert_no_error (error);
  /* JPEG is not written as PNG bytes under a .jpg name: it is refused,
   * saying what works, and no file appears. */
  g_assert_false (cs_cairo_view_export (CS_CAIRO_VIEW (view), jpeg, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, ".png"));
  g_assert_false (g_file_test (jpeg, G_FILE_TEST_EXISTS));
  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 2 * gtk_widget_get_width (GTK_WIDGET (view)));
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 2 * gtk_widget_get_height (GTK_WIDGET (view)));
  cairo_surface_destroy (png);
  {
    int width = 0, height = 0;

    g_assert_true (cs_test_png_is_not_blank (path, &width, &height));
  }
}
