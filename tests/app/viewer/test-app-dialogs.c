/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-app-dialogs.c — the record and export dialogs of the real viewer
 *
 * Record: fills the record dialog with a small workload (argv[1]: the
 * collector tests' cs-test-workload), switches on "Data addresses",
 * "Regions" and the DWARF call graph through their labels' mnemonic
 * widgets, records it for real (software events: these machines have no
 * PMU) and checks that the window then shows the new bundle, whose
 * session.json is read back with json-c (the sampling run has registers),
 * whose perf.data has stack copies, and that the Memory page decodes its
 * samples.
 * Export: the dialog's export path writes files whose size and format are
 * checked with cairo and by their first bytes.
 */
#include "config.h"

#include <json.h>

#include "cs-chart-values.h"
#include "cs-chart-widget.h"
#include "cs-export-dialog.h"
#include "cs-memory-page.h"
#include "cs-perf-reader.h"
#include "cs-record-dialog.h"
#include "cs-test-app.h"

static char *workload;

/* --- record --- */

typedef struct
{
  char *dir;
  char *bundle;
} Recording;

static gboolean
step_record (CsTestApp *app)
{
  Recording *rec = app->data;
  CsWindow *window = cs_test_app_get_window (app);
  CsRecordDialog *dialog = (CsRecordDialog *) cs_test_find_toplevel (CS_TYPE_RECORD_DIALOG);

  if (window == NULL || !gtk_widget_get_mapped (GTK_WIDGET (window)))
    return FALSE;
  switch (app->stage)
    {
    case 0:
      gtk_widget_activate_action (GTK_WIDGET (window), "win.record", NULL);
      app->stage = 1;
      return FALSE;

    case 1:
      if (dialog == NULL || !gtk_widget_get_mapped (GTK_WIDGET (dialog)))
        return FALSE;
      cs_record_dialog_set_command (dialog, workload, "spin 0.2", rec->dir);
      {
        GtkWidget *label = cs_test_find_label (GTK_WIDGET (dialog), "Data addresses");
        GtkWidget *regs;

        g_assert_nonnull (label);
        regs = gtk_label_get_mnemonic_widget (GTK_LABEL (label));
        g_assert_true (GTK_IS_SWITCH (regs));
        gtk_switch_set_active (GTK_SWITCH (regs), TRUE);
      }
      /* "Call graph": DWARF, whose cost the dialog says beside it. */
      {
        GtkWidget *label = cs_test_find_label (GTK_WIDGET (dialog), "Call graph");
        GtkWidget *choice, *hint;

        g_assert_nonnull (label);
        choice = gtk_label_get_mnemonic_widget (GTK_LABEL (label));
        g_assert_true (GTK_IS_DROP_DOWN (choice));
        gtk_drop_down_set_selected (GTK_DROP_DOWN (choice), 2);
        hint = gtk_widget_get_next_sibling (choice);
        g_assert_true (GTK_IS_LABEL (hint));
        g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (hint)), "8 KiB of stack per sample"));
      }
      /* "Regions" with 2 events skipped: cs-test-workload never calls the
       * region library, which the recording must then say. */
      {
        GtkWidget *label = cs_test_find_label (GTK_WIDGET (dialog), "Regions");
        GtkWidget *skip_label = cs_test_find_label (GTK_WIDGET (dialog), "skip the first");
        GtkWidget *regions, *skip;

        g_assert_nonnull (label);
        g_assert_nonnull (skip_label);
        regions = gtk_label_get_mnemonic_widget (GTK_LABEL (label));
        skip = gtk_label_get_mnemonic_widget (GTK_LABEL (skip_label));
        g_assert_true (GTK_IS_SWITCH (regions));
        g_assert_true (GTK_IS_SPIN_BUTTON (skip));
        /* (this stage may run more than once: the screenshot waits for a frame) */
        g_assert_true (gtk_widget_get_sensitive (skip) == gtk_switch_get_active (GTK_SWITCH (regions)));
        gtk_switch_set_active (GTK_SWITCH (regions), TRUE);
        g_assert_true (gtk_widget_get_sensitive (skip));
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (skip), 2);
      }
      if (!cs_test_app_screenshot (app, GTK_WINDOW (dialog), "app-record-dialog"))
        return FALSE;
      cs_record_dialog_start (dialog);
      g_assert_cmpstr (cs_record_dialog_get_error (dialog), ==, NULL);
      g_assert_true (cs_record_dialog_is_running (dialog));
      app->stage = 2;
      return FALSE;

    default:
      /* A failed recording stays in the dialog with its reason. */
      if (dialog != NULL && !cs_record_dialog_is_running (dialog) && cs_record_dialog_get_error (dialog))
        g_error ("recording failed: %s", cs_record_dialog_get_error (dialog));
      if (cs_window_get_analysis (window) == NULL || cs_window_is_loading (window))
        {
          g_assert_null (cs_window_get_error_message (window));
          return FALSE;
        }
      break;
    }

  /* Done: the window shows the bundle the dialog wrote. */
  {
    g_autofree char *loaded = g_canonicalize_filename (cs_analysis_get_path (cs_window_get_analysis (window)), NULL);
    g_autofree char *json_path = g_build_filename (rec->bundle, "session.json", NULL);
    json_object *root = json_object_from_file (json_path);
    json_object *complete, *command, *argv, *cwd;
    g_autofree char *base = g_path_get_basename (workload);

    g_assert_null (dialog);   /* it closed itself */
    g_assert_cmpstr (loaded, ==, rec->bundle);
    g_assert_nonnull (root);
    g_assert_true (json_object_object_get_ex (root, "complete", &complete));
    g_assert_true (json_object_get_boolean (complete));
    g_assert_true (json_object_object_get_ex (root, "command", &command));
    g_assert_true (json_object_object_get_ex (command, "argv", &argv));
    g_assert_cmpint (json_object_array_length (argv), ==, 3);
    g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (argv, 1)), ==, "spin");
    g_assert_cmpstr (json_object_get_string (json_object_array_get_idx (argv, 2)), ==, "0.2");
    g_assert_true (json_object_object_get_ex (command, "cwd", &cwd));
    g_assert_cmpstr (json_object_get_string (cwd), ==, rec->dir);
    g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), base));
    /* "Data addresses": the sampling run carries the user registers. */
    {
      json_object *runs, *regs;

      g_assert_true (json_object_object_get_ex (root, "sampling_runs", &runs));
      g_assert_cmpint (json_object_array_length (runs), ==, 1);
      g_assert_true (json_object_object_get_ex (json_object_array_get_idx (runs, 0), "user_regs", &regs));
      g_assert_true (json_object_get_boolean (regs));
    }
    /* "Call graph" DWARF: the samples carry registers and 8 KiB stack copies. */
    {
      g_autofree char *data = g_build_filename (rec->bundle, "sampling-0.perf.data", NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(CsPerfReader) reader = cs_perf_reader_new (data, &error);
      const CsPerfAttr *attr;

      g_assert_no_error (error);
      attr = cs_perf_reader_get_attr (reader, 0);
      g_assert_cmphex (attr->attr.sample_type & (1u << 13), !=, 0);   /* PERF_SAMPLE_STACK_USER */
      g_assert_cmpuint (attr->attr.sample_stack_user, ==, 8192);
    }
    /* "Regions": asked for, and said that the program never called the library. */
    {
      json_object *warnings;
      gboolean said = FALSE;

      g_assert_true (json_object_object_get_ex (root, "warnings", &warnings));
      for (size_t i = 0; i < json_object_array_length (warnings); i++)
        said |= strstr (json_object_get_string (json_object_array_get_idx (warnings, i)),
                        "never called libcyclescope-region") != NULL;
      g_assert_true (said);
    }
    json_object_put (root);
  }
  /* ... and the Memory page reconstructs addresses from them. */
  {
    GtkStack *pages = cs_window_get_page_stack (window);
    CsMemoryPage *memory = CS_MEMORY_PAGE (gtk_stack_get_child_by_name (pages, "memory"));
    CsMemoryProfile *profile;

    gtk_stack_set_visible_child_name (pages, "memory");
    if (cs_memory_page_is_loading (memory))
      return FALSE;
    profile = cs_memory_page_get_profile (memory);
    g_assert_nonnull (profile);
    g_assert_cmpuint (cs_memory_profile_get_stats (profile)->n_with_regs, >, 0);
  }
  return TRUE;
}

static void
test_record (void)
{
  g_autofree char *tmp = cs_test_mkdtemp ();
  Recording rec;

  rec.dir = g_canonicalize_filename (tmp, NULL);
  {
    g_autofree char *base = g_path_get_basename (workload);
    g_autofree char *name = g_strconcat (base, ".cyclescope", NULL);

    rec.bundle = g_build_filename (rec.dir, name, NULL);
  }
  cs_test_app_run (NULL, step_record, &rec);
  g_assert_true (g_file_test (rec.bundle, G_FILE_TEST_IS_DIR));
  cs_test_rmdir (tmp);
  g_free (rec.dir);
  g_free (rec.bundle);
}

/* --- export --- */

typedef struct
{
  char    *dir;
  char    *png;
  char    *svg;
  char    *bad;
  guint    n_done;
  gboolean png_ok, svg_ok, bad_failed;
} Export;

static void
export_png_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Export *ex = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = cs_export_charts_finish (result, &error);

  g_assert_no_error (error);
  ex->png_ok = g_strcmp0 (path, ex->png) == 0;
  ex->n_done++;
}

static void
export_svg_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Export *ex = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = cs_export_charts_finish (result, &error);

  g_assert_no_error (error);
  ex->svg_ok = g_strcmp0 (path, ex->svg) == 0;
  ex->n_done++;
}

static void
export_bad_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Export *ex = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = cs_export_charts_finish (result, &error);

  ex->bad_failed = path == NULL;
  g_assert_nonnull (error);
  g_test_message ("expected export error: %s", error->message);
  /* The error names the path, so the user knows which file failed. */
  g_assert_nonnull (strstr (error->message, "no-such-directory"));
  ex->n_done++;
}

static gboolean
is_chart_widget (GtkWidget     *widget,
                 gconstpointer  id)
{
  return CS_IS_CHART_WIDGET (widget) && g_strcmp0 (cs_chart_widget_get_chart_id (CS_CHART_WIDGET (widget)), id) == 0;
}

/* The drawn chart widget of the Overview page showing chart @id. */
static GtkWidget *
find_chart_widget (GtkWidget  *root,
                   const char *id)
{
  return cs_test_find_mapped (root, is_chart_widget, id);
}

static gboolean
step_export (CsTestApp *app)
{
  Export *ex = app->data;
  CsWindow *window = cs_test_app_get_window (app);
  CsAnalysis *analysis;
  GPtrArray *charts;
  const CsChartValues *first;

  if (window == NULL || cs_window_is_loading (window) || !gtk_widget_get_mapped (GTK_WIDGET (window)))
    return FALSE;
  analysis = cs_window_get_analysis (window);
  g_assert_nonnull (analysis);
  charts = cs_analysis_get_charts (analysis);
  g_assert_nonnull (charts);
  g_assert_cmpuint (charts->len, >, 0);
  first = g_ptr_array_index (charts, 0);

  switch (app->stage)
    {
    case 0:
      {
        g_autoptr(GFile) png = g_file_new_for_path (ex->png);
        g_autoptr(GFile) svg = g_file_new_for_path (ex->svg);
        g_autoptr(GFile) bad = g_file_new_for_path (ex->bad);

        cs_export_charts_async (analysis, NULL, CS_THEME_LIGHT, CS_EXPORT_PNG, 300, 200, 2, png,
                                NULL, export_png_done, ex);
        cs_export_charts_async (analysis, first->id, CS_THEME_DARK, CS_EXPORT_SVG, 400, 225, 1, svg,
                                NULL, export_svg_done, ex);
        cs_export_charts_async (analysis, NULL, CS_THEME_LIGHT, CS_EXPORT_PNG, 300, 200, 1, bad,
                                NULL, export_bad_done, ex);
        app->stage = 1;
        return FALSE;
      }

    case 1:
      if (ex->n_done < 3)
        return FALSE;
      {
        int width = 0, height = 0;
        g_autofree char *svg = NULL;

        g_assert_true (ex->png_ok);
        g_assert_true (ex->svg_ok);
        g_assert_true (ex->bad_failed);
        /* PNG: size × scale pixels, and something drawn. */
        g_assert_true (cs_test_png_is_not_blank (ex->png, &width, &height));
        g_assert_cmpint (width, ==, 600);
        g_assert_cmpint (height, ==, 400);
        g_assert_true (g_file_get_contents (ex->svg, &svg, NULL, NULL));
        g_assert_nonnull (strstr (svg, "<svg"));
      }
      /* "Export Chart…" in the chart widget's context menu (its
       * view.export action) opens the dialog on that chart. */
      {
        GtkWidget *chart = find_chart_widget (GTK_WIDGET (window), first->id);

        g_assert_nonnull (chart);
        g_assert_true (gtk_widget_activate_action (chart, "view.export", NULL));
      }
      app->stage = 2;
      return FALSE;

    default:
      {
        GtkWindow *dialog = cs_test_find_toplevel (CS_TYPE_EXPORT_DIALOG);

        if (dialog == NULL || !gtk_widget_get_mapped (GTK_WIDGET (dialog)))
          return FALSE;
        /* The preview states the PNG size: 800×450 (one chart) at scale 2. */
        if (cs_test_find_label (GTK_WIDGET (dialog), "PNG of 1600 × 900 pixels") == NULL)
          g_error ("the export dialog does not preview the PNG size of one chart");
        g_assert_nonnull (cs_test_find_label (GTK_WIDGET (dialog), first->title));
        if (!cs_test_app_screenshot (app, dialog, "app-export-dialog"))
          return FALSE;
        gtk_window_destroy (dialog);
        return TRUE;
      }
    }
}

static void
test_export (void)
{
  g_autofree char *bundle = g_build_filename (CS_TEST_SRCDIR, "fixtures", "core2-counts.cyclescope", NULL);
  const char *files[] = { bundle, NULL };
  Export ex = { 0 };

  ex.dir = cs_test_mkdtemp ();
  ex.png = g_build_filename (ex.dir, "grid.png", NULL);
  ex.svg = g_build_filename (ex.dir, "chart.svg", NULL);
  ex.bad = g_build_filename (ex.dir, "no-such-directory", "grid.png", NULL);
  cs_test_app_run (files, step_export, &ex);
  cs_test_rmdir (ex.dir);
  g_free (ex.dir);
  g_free (ex.png);
  g_free (ex.svg);
  g_free (ex.bad);
}

int
main (int    argc,
      char **argv)
{
  gboolean display = cs_test_app_init (&argc, &argv, "/app/dialogs/no-display");
  int status;

  /* Absolute: the dialog resolves the program in its working directory. */
  workload = argc > 1 ? g_canonicalize_filename (argv[1], NULL) : NULL;
  if (display)
    {
      g_test_add_func ("/app/dialogs/export", test_export);
      if (workload != NULL)
        g_test_add_func ("/app/dialogs/record", test_record);
    }
  status = g_test_run ();
  cs_test_app_cleanup ();
  g_free (workload);
  return status;
}
