/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-window-compare.c — "Compare With…": the recording shown against a base
 *
 * The base is loaded as any recording is (cs_window_open()'s worker, its
 * progress bar and Cancel), then compared with the analysis shown
 * (cs-comparison.h) and offered as the window's "comparison" property,
 * which the pages follow as they follow "analysis". A filter compares what
 * it keeps with the whole base; opening another recording ends the
 * comparison.
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cs-compare-bar.h"
#include "cs-file-chooser.h"
#include "cs-window-private.h"

void
_cs_window_compare_loaded (CsWindow   *self,
                           CsAnalysis *base)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsComparison) comparison = NULL;

  if (self->analysis == NULL)
    return;
  comparison = cs_comparison_new (base, self->analysis, &error);
  if (comparison == NULL)
    {
      g_autofree char *name = g_filename_display_basename (cs_analysis_get_path (base));
      g_autofree char *title = g_strdup_printf (_("Could not compare with “%s”"), name);

      _cs_window_show_error_full (self, title, error->message, cs_analysis_get_path (base));
      return;
    }
  _cs_window_set_comparison (self, comparison);
}

void
_cs_window_follow_comparison (CsWindow *self,
                              gboolean  refiltered)
{
  g_autoptr(CsComparison) comparison = NULL;

  if (self->comparison == NULL)
    return;
  if (refiltered && self->analysis != NULL)
    comparison = cs_comparison_new (cs_comparison_get_base (self->comparison), self->analysis, NULL);
  _cs_window_set_comparison (self, comparison);
}

void
cs_window_compare_with (CsWindow *self,
                        GFile    *file)
{
  g_return_if_fail (CS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->analysis == NULL)
    {
      cs_window_show_error (self, _("Open a recording first, then compare it with a base."));
      return;
    }
  _cs_window_load (self, file, TRUE);
}

CsComparison *
cs_window_get_comparison (CsWindow *self)
{
  g_return_val_if_fail (CS_IS_WINDOW (self), NULL);
  return self->comparison;
}

static void
base_chosen (gpointer              owner,
             GFile                *file,
             GtkFileChooserAction  action)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr(GFile) parent = g_file_get_parent (file);

  /* Choosing the session.json inside a bundle means the bundle. */
  if (g_strcmp0 (name, "session.json") == 0 && parent != NULL)
    cs_window_compare_with (owner, parent);
  else
    cs_window_compare_with (owner, file);
}

static void
compare_with_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  CsWindow *self = CS_WINDOW (widget);
  GtkFileChooserNative *native;

  native = cs_file_chooser_new (&self->chooser, GTK_WINDOW (self), _("Compare With a Base Recording"),
                                GTK_FILE_CHOOSER_ACTION_OPEN, _("_Compare"), base_chosen, self);
  cs_file_chooser_add_recording_filters (native, TRUE);
  gtk_native_dialog_show (self->chooser);
}

static void
stop_comparing_activated (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  _cs_window_set_comparison (CS_WINDOW (widget), NULL);
}

void
_cs_window_class_add_compare (GtkWidgetClass *widget_class)
{
  g_type_ensure (CS_TYPE_COMPARE_BAR);
  gtk_widget_class_install_action (widget_class, "win.compare-with", NULL, compare_with_activated);
  gtk_widget_class_install_action (widget_class, "win.stop-comparing", NULL, stop_comparing_activated);
}

void
_cs_window_init_compare (CsWindow *self)
{
  GtkWidget *column = gtk_widget_get_parent (GTK_WIDGET (self->filter_revealer));
  g_autoptr(GMenu) section = g_menu_new ();
  GObject *pages[] = { G_OBJECT (self->overview_page), G_OBJECT (self->modules_page),
                       G_OBJECT (self->call_graph_page) };

  /* Above the filter chips: the mode first, then what it is narrowed to.
   * Made here and bound with GBindings rather than in cs-window.ui, which
   * would grow past what one file should hold. */
  self->compare_bar = cs_compare_bar_new ();
  gtk_widget_insert_before (self->compare_bar, column, GTK_WIDGET (self->filter_revealer));
  g_object_bind_property (self, "comparison", self->compare_bar, "comparison", G_BINDING_SYNC_CREATE);
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    g_object_bind_property (self, "comparison", pages[i], "comparison", G_BINDING_SYNC_CREATE);
  g_menu_append (section, _("Compare With…"), "win.compare-with");
  g_menu_append_section (self->open_menu, NULL, G_MENU_MODEL (section));
}
