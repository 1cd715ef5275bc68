/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-export-dialog.c — export one chart or the whole grid as PNG, SVG or PDF
 *
 * Exports go through cs_export (widgets/draw), the
 * code `cyclescope export` uses, so a chart looks the same on screen, in the
 * CLI's files and in the dialog's. The label under the form previews the
 * size of the file before anything is written.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-chart-grid.h"
#include "cs-export-dialog.h"
#include "cs-file-chooser.h"
#include "cs-widgets-util.h"
#include "cs-viewer-format.h"

/* One chart reads well at 800×450 (as in `cyclescope export`). */
#define CHART_WIDTH  800
#define CHART_HEIGHT 450

struct _CsExportDialog
{
  GtkWindow        parent_instance;

  GtkButton       *export_button;
  GtkDropDown     *chart_dropdown;
  GtkDropDown     *format_dropdown;
  GtkSpinButton   *width_spin;
  GtkSpinButton   *height_spin;
  GtkSpinButton   *scale_spin;
  GtkDropDown     *theme_dropdown;
  GtkLabel        *preview_label;
  GtkRevealer     *error_revealer;
  GtkLabel        *error_label;

  CsAnalysis      *analysis;
  CsAnalysis      *base;       /* compared with: its charts pair up */
  GSettings       *settings;
  GtkNativeDialog *chooser;
  GCancellable    *cancellable;
  guint            last_chart;
};

G_DEFINE_FINAL_TYPE (CsExportDialog, cs_export_dialog, GTK_TYPE_WINDOW)

/* --- the export itself, in a worker thread --- */

typedef struct
{
  CsAnalysis     *analysis;
  CsAnalysis     *base;
  char           *chart_id;
  CsChartStyle    style;
  CsExportFormat  format;
  double          width, height, scale;
  char           *path;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_clear_object (&job->analysis);
  g_clear_object (&job->base);
  g_free (job->chart_id);
  g_free (job->path);
  g_free (job);
}

static void
export_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  GPtrArray *charts = cs_analysis_get_charts (job->analysis);
  g_autoptr(GPtrArray) bases = NULL;
  GError *error = NULL;
  gboolean ok;

  if (charts == NULL || charts->len == 0)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                               _("This recording has no charts to export: its model defines none."));
      return;
    }
  if (job->chart_id != NULL)
    {
      const CsChartValues *values = NULL;

      for (guint i = 0; i < charts->len && values == NULL; i++)
        if (g_strcmp0 (((CsChartValues *) g_ptr_array_index (charts, i))->id, job->chart_id) == 0)
          values = g_ptr_array_index (charts, i);
      if (values == NULL)
        {
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                                   _("The chart “%s” is not in this recording’s model."), job->chart_id);
          return;
        }
      {
        CsChartPair pair = { NULL, values };
        g_autoptr(GPtrArray) one = g_ptr_array_new ();

        /* compared: the same chart of the base drawn with it */
        g_ptr_array_add (one, (gpointer) values);
        if (job->base != NULL)
          bases = cs_chart_grid_match_bases (one, cs_analysis_get_charts (job->base));
        pair.base = bases != NULL ? g_ptr_array_index (bases, 0) : NULL;
        ok = cs_export (cs_chart_compare_drawing (&pair), &job->style, job->format, job->width, job->height,
                        job->scale, job->path, &error);
      }
    }
  else
    {
      CsChartGridPair pair = { charts, NULL };

      if (job->base != NULL)
        pair.bases = bases = cs_chart_grid_match_bases (charts, cs_analysis_get_charts (job->base));
      ok = cs_export (cs_chart_grid_compare_drawing (&pair), &job->style, job->format, job->width, job->height,
                      job->scale, job->path, &error);
    }
  if (ok)
    g_task_return_pointer (task, g_strdup (job->path), g_free);
  else
    g_task_return_error (task, error);
}

void
cs_export_charts_compare_async (CsAnalysis          *analysis,
                                CsAnalysis          *base,
                                const char          *chart_id,
                                CsTheme              theme,
                                CsExportFormat       format,
                                double               width,
                                double               height,
                                double               scale,
                                GFile               *file,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ExportJob *job = g_new0 (ExportJob, 1);

  g_return_if_fail (CS_IS_ANALYSIS (analysis));

  /* The charts belong to the analysis, which never changes once loaded. */
  job->analysis = g_object_ref (analysis);
  job->base = base != NULL ? g_object_ref (base) : NULL;
  job->chart_id = g_strdup (chart_id);
  cs_chart_style_init (&job->style, theme);
  job->style.scale = scale;
  job->format = format;
  job->width = width;
  job->height = height;
  job->scale = scale;
  job->path = g_file_get_path (file);
  g_task_set_source_tag (task, cs_export_charts_compare_async);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  if (job->path == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("Charts can only be exported to a local file."));
      return;
    }
  g_task_run_in_thread (task, export_thread);
}

void
cs_export_charts_async (CsAnalysis          *analysis,
                        const char          *chart_id,
                        CsTheme              theme,
                        CsExportFormat       format,
                        double               width,
                        double               height,
                        double               scale,
                        GFile               *file,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  cs_export_charts_compare_async (analysis, NULL, chart_id, theme, format, width, height, scale, file,
                                  cancellable, callback, user_data);
}

char *
cs_export_charts_finish (GAsyncResult  *result,
                         GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

void
cs_export_charts_confirm (GtkWidget  *widget,
                          const char *path)
{
  g_autofree char *name = g_filename_display_name (path);
  /* TRANSLATORS: confirmation after an export, %s is the file */
  g_autofree char *message = g_strdup_printf (_("Exported to “%s”"), name);

  gtk_widget_activate_action (widget, "win.show-message", "s", message);
}

/* --- the dialog --- */

static CsExportFormat
get_format (CsExportDialog *self)
{
  switch (gtk_drop_down_get_selected (self->format_dropdown))
    {
    case 1: return CS_EXPORT_SVG;
    case 2: return CS_EXPORT_PDF;
    default: return CS_EXPORT_PNG;
    }
}

/* NULL for the whole grid. */
static const char *
get_chart_id (CsExportDialog *self)
{
  GPtrArray *charts = cs_analysis_get_charts (self->analysis);
  guint selected = gtk_drop_down_get_selected (self->chart_dropdown);

  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION || charts == NULL || selected > charts->len)
    return NULL;
  return ((CsChartValues *) g_ptr_array_index (charts, selected - 1))->id;
}

static void
update_preview (CsExportDialog *self)
{
  double width = gtk_spin_button_get_value (self->width_spin);
  double height = gtk_spin_button_get_value (self->height_spin);
  double scale = gtk_spin_button_get_value (self->scale_spin);
  g_autofree char *text = NULL;
  gboolean ok = TRUE;

  switch (get_format (self))
    {
    case CS_EXPORT_PNG:
      {
        int pw, ph;

        cs_export_get_pixel_size (width, height, scale, &pw, &ph);
        ok = pw <= CS_EXPORT_MAX_PIXELS && ph <= CS_EXPORT_MAX_PIXELS;
        if (ok)
          /* TRANSLATORS: size of the PNG file to be written */
          text = g_strdup_printf (_("PNG of %d × %d pixels"), pw, ph);
        else
          text = g_strdup_printf (_("%d × %d pixels is larger than a PNG can be (%d): lower the size or the scale."),
                                  pw, ph, CS_EXPORT_MAX_PIXELS);
        break;
      }
    case CS_EXPORT_SVG:
      text = g_strdup_printf (_("SVG of %.0f × %.0f px, vector (sharp at any zoom)"), width, height);
      break;
    case CS_EXPORT_PDF:
      text = g_strdup_printf (_("PDF page of %.0f × %.0f pt, vector"), width, height);
      break;
    }
  gtk_label_set_text (self->preview_label, text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->export_button), ok && self->cancellable == NULL);
}

static void
chart_changed (CsExportDialog *self)
{
  guint selected = gtk_drop_down_get_selected (self->chart_dropdown);
  gboolean grid = selected == 0;

  /* A grid and a single chart want different canvases; switching between
   * them picks the matching default instead of squeezing one into the other. */
  if ((self->last_chart == 0) != grid)
    {
      double width = CHART_WIDTH, height = CHART_HEIGHT;

      if (grid)
        {
          width = self->settings != NULL ? g_settings_get_int (self->settings, "export-width") : 1200;
          height = self->settings != NULL ? g_settings_get_int (self->settings, "export-height") : 800;
        }
      gtk_spin_button_set_value (self->width_spin, width);
      gtk_spin_button_set_value (self->height_spin, height);
    }
  self->last_chart = selected;
  update_preview (self);
}

static void
export_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(CsExportDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = cs_export_charts_finish (result, &error);
  GtkWindow *parent;

  if (self->cancellable == NULL)   /* closed meanwhile */
    return;
  g_clear_object (&self->cancellable);
  if (path == NULL)
    {
      gtk_label_set_text (self->error_label, error->message);
      gtk_revealer_set_reveal_child (self->error_revealer, TRUE);
      update_preview (self);
      return;
    }
  /* The window the charts came from says where they went. */
  parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  if (parent != NULL)
    cs_export_charts_confirm (GTK_WIDGET (parent), path);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
save_chosen (gpointer              owner,
             GFile                *chosen,
             GtkFileChooserAction  action)
{
  CsExportDialog *self = owner;
  g_autoptr(GFile) file = g_object_ref (chosen);
  CsExportFormat format = get_format (self), from_name;
  double width = gtk_spin_button_get_value (self->width_spin);
  double height = gtk_spin_button_get_value (self->height_spin);
  int scale = gtk_spin_button_get_value_as_int (self->scale_spin);

  /* The format chosen in the dialog wins: "charts" becomes "charts.png". */
  {
    g_autofree char *path = g_file_get_path (file);

    if (path != NULL && (!cs_export_format_from_path (path, &from_name, NULL) || from_name != format))
      {
        g_autofree char *fixed = g_strconcat (path, ".", cs_export_format_get_extension (format), NULL);

        g_clear_object (&file);
        file = g_file_new_for_path (fixed);
      }
  }

  if (self->settings != NULL)
    {
      if (get_chart_id (self) == NULL)
        {
          g_settings_set_int (self->settings, "export-width", (int) width);
          g_settings_set_int (self->settings, "export-height", (int) height);
        }
      g_settings_set_int (self->settings, "export-scale", CLAMP (scale, 1, 4));
    }

  gtk_revealer_set_reveal_child (self->error_revealer, FALSE);
  self->cancellable = g_cancellable_new ();
  gtk_widget_set_sensitive (GTK_WIDGET (self->export_button), FALSE);
  cs_export_charts_compare_async (self->analysis, self->base, get_chart_id (self),
                                  gtk_drop_down_get_selected (self->theme_dropdown) == 1 ? CS_THEME_DARK
                                                                                         : CS_THEME_LIGHT,
                                  format, width, height, scale, file, self->cancellable,
                                  export_done, g_object_ref (self));
}

static void
export_clicked (CsExportDialog *self)
{
  GtkFileChooserNative *native;
  g_autofree char *program = cs_format_program (self->analysis);
  g_autofree char *base = g_path_get_basename (program);
  const char *chart_id = get_chart_id (self);
  g_autofree char *name = g_strdup_printf ("%s-%s.%s", base, chart_id != NULL ? chart_id : "charts",
                                           cs_export_format_get_extension (get_format (self)));

  native = cs_file_chooser_new (&self->chooser, GTK_WINDOW (self), _("Export Charts"),
                                GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), save_chosen, self);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  gtk_native_dialog_show (self->chooser);
}

static void
cs_export_dialog_dispose (GObject *object)
{
  CsExportDialog *self = CS_EXPORT_DIALOG (object);

  cs_file_chooser_clear (&self->chooser);
  /* An export in flight finishes its file (atomically) but no longer reports here. */
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), CS_TYPE_EXPORT_DIALOG);
  g_clear_object (&self->analysis);
  g_clear_object (&self->base);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (cs_export_dialog_parent_class)->dispose (object);
}

static void
cs_export_dialog_class_init (CsExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cs_export_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cyclescope/Cyclescope/cs-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, CsExportDialog, export_button);
  gtk_widget_class_bind_template_child (widget_class, CsExportDialog, chart_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CsExportDialog, format_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CsExportDialog, width_spin);
  gtk_widget_class_bind_template_child (widget_class, CsExportDialog, height_spin);
  gtk_widget_class_bind_template_child (widget_class, CsExportDialog, scale_spin);
  gtk_widget_class_bind_template_child (widget_class, CsExportDialog, theme_dropdown);
  gtk_widget_class_bind_template_child (widget_class, CsExportDialog, preview_label);
  gtk_widget_class_bind_template_child (widget_class, CsExportDialog, error_revealer);
  gtk_widget_class_bind_template_child (widget_class, CsExportDialog, error_label);
  gtk_widget_class_bind_template_callback (widget_class, export_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
cs_export_dialog_init (CsExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

CsExportDialog *
cs_export_dialog_new (GtkWindow  *parent,
                      CsAnalysis *analysis,
                      const char *chart_id,
                      GSettings  *settings)
{
  CsExportDialog *self;
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  GPtrArray *charts;
  guint selected = 0;

  g_return_val_if_fail (CS_IS_ANALYSIS (analysis), NULL);

  self = g_object_new (CS_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->analysis = g_object_ref (analysis);
  self->settings = settings != NULL ? g_object_ref (settings) : NULL;

  charts = cs_analysis_get_charts (analysis);
  gtk_string_list_append (names, _("All charts (grid)"));
  for (guint i = 0; charts != NULL && i < charts->len; i++)
    {
      const CsChartValues *values = g_ptr_array_index (charts, i);

      gtk_string_list_append (names, values->title != NULL ? values->title : values->id);
      if (chart_id != NULL && g_strcmp0 (values->id, chart_id) == 0)
        selected = i + 1;
    }
  gtk_drop_down_set_model (self->chart_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->chart_dropdown, selected);

  if (settings != NULL)
    {
      gtk_spin_button_set_value (self->width_spin, g_settings_get_int (settings, "export-width"));
      gtk_spin_button_set_value (self->height_spin, g_settings_get_int (settings, "export-height"));
      gtk_spin_button_set_value (self->scale_spin, g_settings_get_int (settings, "export-scale"));
    }
  if (selected != 0)
    {
      gtk_spin_button_set_value (self->width_spin, CHART_WIDTH);
      gtk_spin_button_set_value (self->height_spin, CHART_HEIGHT);
    }
  self->last_chart = selected;
  gtk_drop_down_set_selected (self->theme_dropdown, parent != NULL && cs_widgets_get_theme (GTK_WIDGET (parent)) == CS_THEME_DARK);

  g_signal_connect_swapped (self->chart_dropdown, "notify::selected", G_CALLBACK (chart_changed), self);
  g_signal_connect_swapped (self->format_dropdown, "notify::selected", G_CALLBACK (update_preview), self);
  g_signal_connect_swapped (self->width_spin, "value-changed", G_CALLBACK (update_preview), self);
  g_signal_connect_swapped (self->height_spin, "value-changed", G_CALLBACK (update_preview), self);
  g_signal_connect_swapped (self->scale_spin, "value-changed", G_CALLBACK (update_preview), self);
  update_preview (self);
  return self;
}

void
cs_export_dialog_set_base (CsExportDialog *self,
                           CsAnalysis     *base)
{
  g_return_if_fail (CS_IS_EXPORT_DIALOG (self));
  g_set_object (&self->base, base);
}
