/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-module-columns.c — CsModuleTable's columns: the model's defaults,
 * the chooser and its GSettings binding, a real click on a header */

#include "config.h"

#include <unistd.h>

#include "cs-test-module-rows.h"

static gboolean
column_visible (CsModuleTable *t,
                const char    *id)
{
  return gtk_column_view_column_get_visible (cs_module_table_get_column (t, id));
}

static void
test_columns (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("software");
  g_autoptr(CsModel) other = cs_test_load_model ("intel-core2");
  g_autofree char *schema_dir = cs_test_build_path ("data/desktop");
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GError) error = NULL;
  const char * const *defaults = cs_model_get_table_columns (model);
  const char *one[] = { "PageFaults", NULL };
  const char *foreign[] = { "L2MissImpact", NULL };
  g_auto(GStrv) visible = NULL;
  GtkWindow *window;
  GtkWidget *table = show_table (model, &window);
  CsModuleTable *t = CS_MODULE_TABLE (table);
  guint n_metrics = cs_model_get_n_metrics (model);

  /* The model's default columns, and only those. */
  g_assert_nonnull (defaults);
  for (guint m = 0; m < n_metrics; m++)
    {
      const char *id = cs_model_get_metric (model, m)->name;

      g_assert_cmpint (column_visible (t, id), ==, g_strv_contains (defaults, id));
    }
  g_assert_true (column_visible (t, CS_MODULE_COLUMN_NAME));
  g_assert_true (column_visible (t, CS_MODULE_COLUMN_SAMPLES));

  /* The chooser's check item hides a default column; the property lists
   * what stays. */
  {
    int index = cs_model_get_metric_index (model, defaults[0]);
    g_autofree char *action = g_strdup_printf ("columns.metric-%d", index);

    gtk_widget_activate_action (table, action, NULL);
    g_assert_false (column_visible (t, defaults[0]));
    g_object_get (table, "visible-columns", &visible, NULL);
    g_assert_false (g_strv_contains ((const char * const *) visible, defaults[0]));
    g_assert_true (g_strv_contains ((const char * const *) visible, defaults[1]));
  }

  cs_module_table_set_visible_columns (t, one);
  for (guint m = 0; m < n_metrics; m++)
    {
      const char *id = cs_model_get_metric (model, m)->name;

      g_assert_cmpint (column_visible (t, id), ==, strcmp (id, "PageFaults") == 0);
    }
  /* Another model's names mean nothing here: the defaults show. */
  cs_module_table_set_visible_columns (t, foreign);
  g_assert_true (column_visible (t, defaults[0]));

  /* Persisted through GSettings, as the window binds it. */
  source = g_settings_schema_source_new_from_directory (schema_dir, NULL, FALSE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "org.cyclescope.Cyclescope", FALSE);
  g_assert_nonnull (schema);
  settings = g_settings_new_full (schema, NULL, NULL);
  g_settings_bind (settings, "module-columns", table, "visible-columns", G_SETTINGS_BIND_DEFAULT);
  g_settings_set_strv (settings, "module-columns", one);
  g_assert_true (column_visible (t, "PageFaults"));
  g_assert_false (column_visible (t, defaults[0]));
  {
    int index = cs_model_get_metric_index (model, "ContextSwitches");
    g_autofree char *action = g_strdup_printf ("columns.metric-%d", index);
    g_auto(GStrv) stored = NULL;

    gtk_widget_activate_action (table, action, NULL);
    stored = g_settings_get_strv (settings, "module-columns");
    g_assert_cmpuint (g_strv_length (stored), ==, 2);
    g_assert_true (g_strv_contains ((const char * const *) stored, "PageFaults"));
    g_assert_true (g_strv_contains ((const char * const *) stored, "ContextSwitches"));
  }
  g_settings_unbind (table, "visible-columns");

  /* A new model rebuilds the metric columns. */
  {
    g_autoptr(GPtrArray) rows = make_rows (other);

    cs_module_table_set_rows (t, other, rows);
    g_assert_nonnull (cs_module_table_get_column (t, cs_model_get_metric (other, 0)->name));
    g_assert_null (cs_module_table_get_column (t, "PageFaults"));
  }
  gtk_window_destroy (window);
}

static gboolean
sorted_by (gpointer data)
{
  gpointer *args = data;
  GtkSortType direction;
  const char *id = cs_module_table_get_sort_column (args[0], &direction);

  return g_strcmp0 (id, args[1]) == 0 && (int) direction == GPOINTER_TO_INT (args[2]);
}

/* Default columns are those that have values: a default metric that is
 * "—" in every row (counted only, in a profile) does not show; when no
 * default has a value, the first metrics that have one do. */
static void
test_defaults_with_values (void)
{
  g_autoptr(CsModel) model = cs_test_load_model ("software");
  const char * const *defaults = cs_model_get_table_columns (model);
  guint n = cs_model_get_n_metrics (model);
  int empty = cs_model_get_metric_index (model, defaults[0]);
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  GtkWidget *table = cs_module_table_new ();
  CsModuleTable *t = CS_MODULE_TABLE (table);
  GtkWindow *window;

  g_assert_cmpuint (g_strv_length ((char **) defaults), >=, 2);
  /* Every metric has values but the first default. */
  for (guint r = 0; r < 3; r++)
    {
      g_autofree double *values = g_new (double, n);

      for (guint m = 0; m < n; m++)
        values[m] = (int) m == empty ? NAN : r + m;
      g_ptr_array_add (rows, cs_module_row_new (CS_SCOPE_MODULE, names[r], NULL, (int) r, 10 - r, 0.1,
                                                values, NULL, n));
    }
  cs_module_table_set_rows (t, model, rows);
  window = cs_test_show (table, 1200, 500);
  g_assert_false (column_visible (t, defaults[0]));
  for (guint i = 1; defaults[i] != NULL; i++)
    g_assert_true (column_visible (t, defaults[i]));

  /* Now only metrics that are not defaults have values. */
  g_ptr_array_set_size (rows, 0);
  for (guint r = 0; r < 3; r++)
    {
      g_autofree double *values = g_new (double, n);

      for (guint m = 0; m < n; m++)
        values[m] = g_strv_contains (defaults, cs_model_get_metric (model, m)->name) ? NAN : r + m;
      g_ptr_array_add (rows, cs_module_row_new (CS_SCOPE_MODULE, names[r], NULL, (int) r, 10 - r, 0.1,
                                                values, NULL, n));
    }
  cs_module_table_set_rows (t, model, rows);
  {
    guint shown = 0;

    for (guint m = 0; m < n; m++)
      {
        const char *id = cs_model_get_metric (model, m)->name;

        if (column_visible (t, id))
          {
            g_assert_false (g_strv_contains (defaults, id));
            shown++;
          }
      }
    g_assert_cmpuint (shown, >, 0);
  }
  gtk_window_destroy (window);
}

static gboolean
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (find_label (child, text))
      return TRUE;
  return FALSE;
}

/* A real click on a column header (xdotool on the X server) sorts by that
 * column; a second click reverses it. */
static void
test_header_click (void)
{
  g_autofree char *xdotool = g_find_program_in_path ("xdotool");
  g_autoptr(CsModel) model = cs_test_load_model ("software");
  const char *column = cs_model_get_table_columns (model)[0];
  g_autofree char *title = g_strdup_printf ("cs-test-header-click-%d", (int) getpid ());
  GtkWindow *window;
  GtkWidget *table, *header = NULL, *button = NULL;
  GtkColumnView *view;
  graphene_point_t point;
  guint n = 0;
  double values[N_ROWS];

  if (xdotool == NULL || strcmp (G_OBJECT_TYPE_NAME (gdk_display_get_default ()), "GdkX11Display") != 0)
    {
      g_test_skip ("needs xdotool and an X display");
      return;
    }
  /* Two clicks, not one double click. */
  g_object_set (gtk_settings_get_default (), "gtk-double-click-time", 1, NULL);
  table = show_table (model, &window);
  gtk_window_set_title (window, title);
  cs_test_wait_frames (table);
  view = cs_module_table_get_column_view (CS_MODULE_TABLE (table));

  /* The header button whose label is the column's title. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child; child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (gtk_widget_get_css_name (child), "header") == 0)
      header = child;
  g_assert_nonnull (header);
  for (GtkWidget *child = gtk_widget_get_first_child (header); child && button == NULL; child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_mapped (child) &&
        find_label (child, gtk_column_view_column_get_title (cs_module_table_get_column (CS_MODULE_TABLE (table), column))))
      button = child;
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_compute_point (button, GTK_WIDGET (window),
                                           &GRAPHENE_POINT_INIT (gtk_widget_get_width (button) / 2.0,
                                                                 gtk_widget_get_height (button) / 2.0),
                                           &point));

  for (int click = 0; click < 2; click++)
    {
      g_autofree char *x = g_strdup_printf ("%d", (int) point.x);
      g_autofree char *y = g_strdup_printf ("%d", (int) point.y);
      const char *argv[] = { xdotool, "search", "--sync", "--name", title,
                             "mousemove", "--window", "%1", x, y, "click", "1", NULL };
      /* Numbers: the first click sorts biggest first, the second turns it. */
      gpointer args[] = { table, (gpointer) column, GINT_TO_POINTER (click ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING) };
      int status = 0;
      g_autofree char *out = cs_test_run (argv, NULL, &status);

      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_assert_true (cs_test_wait_until (sorted_by, args));
      collect (CS_MODULE_TABLE (table), cs_model_get_metric_index (model, column), values, &n);
      check_order (values, n, click == 0);
    }
  gtk_window_destroy (window);
}

int
main (int   argc,
      char *argv[])
{
  cs_test_widgets_init (&argc, &argv);

  g_test_add_func ("/module-columns/chooser", test_columns);
  g_test_add_func ("/module-columns/defaults-with-values", test_defaults_with_values);
  g_test_add_func ("/module-columns/header-click", test_header_click);
  return g_test_run ();
}
