/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-viewer-panes.c — what the symbol, source and disassembly panes show
 *
 * On perf recordings kept as fixtures (tests/fixtures/perf-*.data, recorded
 * by perf; their modules are listed by `perf report` and in the fixtures'
 * README): a kernel symbol and a [vdso] symbol have no source, and the
 * source pane says why without asking to rebuild them with -g; the
 * disassembly pane shows "file:line" by its basename and keeps the line
 * number, and sizes its address column for a 16-digit kernel address; the
 * hot-symbols pane hides the library column when every row is from the
 * selected module, and shows it for the whole program.
 *
 * Needs a display (Xvfb): without one it exits 77.
 */
#include "config.h"

#include <string.h>

#include "cs-annotate-rows.h"
#include "cs-disasm-pane.h"
#include "cs-column.h"
#include "cs-module-row.h"
#include "cs-source-pane.h"
#include "cs-symbol-pane.h"
#include "cs-test-widgets.h"

static CsAnalysis *
load_fixture (const char *name)
{
  g_autofree char *path = g_build_filename (CS_TEST_SRCDIR, "fixtures", name, NULL);
  g_autoptr(GError) error = NULL;
  CsAnalysis *analysis = cs_analysis_load (path, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return analysis;
}

static guint64
total_samples (CsProfile             *profile,
               const CsProfileSymbol *symbol)
{
  guint64 n = 0;

  for (guint e = 0; e < cs_profile_get_n_events (profile); e++)
    n += symbol->samples[e];
  return n;
}

/* The sampled symbol with the most samples in a module named @module. */
static const CsProfileSymbol *
symbol_in (CsAnalysis *analysis,
           const char *module)
{
  CsProfile *profile = cs_analysis_get_profile (analysis);
  const CsProfileSymbol *best = NULL;

  for (guint i = 0; i < cs_profile_get_n_symbols (profile); i++)
    {
      const CsProfileSymbol *s = cs_profile_get_symbol (profile, i);

      if (s->module != NULL && g_strcmp0 (s->module->name, module) == 0 &&
          (best == NULL || total_samples (profile, s) > total_samples (profile, best)))
        best = s;
    }
  g_assert_nonnull (best);
  return best;
}

static GtkColumnView *
find_column_view (GtkWidget *widget)
{
  if (GTK_IS_COLUMN_VIEW (widget) && gtk_widget_get_child_visible (widget))
    return GTK_COLUMN_VIEW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkColumnView *found = gtk_widget_get_child_visible (child) ? find_column_view (child) : NULL;

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkColumnViewColumn *
column_titled (GtkColumnView *view,
               const char    *title)
{
  GtkColumnViewColumn *column = cs_test_column_titled (view, title);

  if (column == NULL)
    g_error ("no column “%s”", title);
  return column;
}

/* --- source pane --- */

static void
check_no_source (const char *fixture,
                 const char *module,
                 const char *expected)
{
  g_autoptr(CsAnalysis) analysis = load_fixture (fixture);
  const CsProfileSymbol *symbol = symbol_in (analysis, module);
  GtkWidget *pane = g_object_ref_sink (cs_source_pane_new ());
  const char *message;

  cs_source_pane_set_symbol (CS_SOURCE_PANE (pane), analysis, symbol, NULL);
  message = cs_source_pane_get_message (CS_SOURCE_PANE (pane));
  g_test_message ("%s in %s: %s", symbol->display_name, module, message);
  g_assert_false (cs_source_pane_has_source (CS_SOURCE_PANE (pane)));
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (message, expected));
  g_assert_nonnull (strstr (message, symbol->display_name));
  /* Nobody can rebuild the kernel or the vDSO with -g. */
  g_assert_null (strstr (message, "-g"));
  g_assert_null (strstr (message, "Rebuild"));
  g_object_unref (pane);
}

static void
test_kernel_source (void)
{
  /* perf report: 4 % of perf-cpu-clock.data is [kernel.kallsyms]. */
  check_no_source ("perf-cpu-clock.data", "[kernel.kallsyms]", "Kernel source is not available");
}

static void
test_vdso_source (void)
{
  /* perf report: 4.17 % of perf-two-events.data's cpu-clock is [vdso]. */
  check_no_source ("perf-two-events.data", "[vdso]", "[vdso]");
}

/* --- disassembly pane --- */

static gboolean
has_rows (gpointer data)
{
  GtkWidget *view = data;

  for (GtkWidget *w = gtk_widget_get_first_child (view); w != NULL; w = gtk_widget_get_next_sibling (w))
    if (GTK_IS_LIST_VIEW (w) && gtk_widget_get_first_child (w) != NULL)
      return TRUE;
  return FALSE;
}

/* The inscriptions drawn in column @index of @view (every row's cell). */
static void
collect_cells (GtkWidget *widget,
               GPtrArray *cells)
{
  if (GTK_IS_INSCRIPTION (widget) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (cells, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_cells (c, cells);
}

static double
text_width (GtkWidget  *widget,
            const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  g_object_unref (layout);
  return w;
}

static void
test_disasm_columns (void)
{
  const char *file = "/usr/src/linux-6.1/kernel/time/time.c";
  const guint64 kernel_address = G_GUINT64_CONSTANT (0xffffffff81b98907);
  g_autofree char *address_text = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", kernel_address);
  GtkWidget *pane = cs_disasm_pane_new ();
  GtkColumnView *view;
  GListStore *store;
  GtkColumnViewColumn *line_column, *address_column;
  g_autoptr(CsAnnotateInsn) insn = cs_annotate_insn_new (kernel_address, "mov rax, qword ptr [rdi + 8]", file, 123, 1);
  g_autoptr(GPtrArray) cells = g_ptr_array_new ();
  g_autofree char *line_text = NULL;
  g_autofree char *addr = NULL;
  GtkWindow *window;
  guint n_address = 0, n_line = 0;

  view = find_column_view (pane);
  g_assert_nonnull (view);
  line_column = column_titled (view, "Line");
  address_column = column_titled (view, "Address");
  /* The basename and the line number; the full path is the tooltip. */
  line_text = cs_column_get_text (line_column, insn);
  g_assert_cmpstr (line_text, ==, "time.c:123");
  addr = cs_column_get_text (address_column, insn);
  g_assert_cmpstr (addr, ==, address_text);

  /* In a half-window pane, the rows of a kernel symbol: the address is
   * never cut, and a cut "file:line" loses the start, not the number. */
  store = G_LIST_STORE (gtk_single_selection_get_model (GTK_SINGLE_SELECTION (gtk_column_view_get_model (view))));
  for (guint i = 0; i < 8; i++)
    {
      g_autoptr(CsAnnotateInsn) row =
        cs_annotate_insn_new (kernel_address + 4 * i, "mov rax, qword ptr [rdi + 8]",
                              "/usr/src/linux-6.1/kernel/time/a-rather-long-file-name-for-the-test.c", 4000 + i, 1);

      g_list_store_append (store, row);
    }
  window = cs_test_show (pane, 520, 300);
  g_assert_true (cs_test_wait_until (has_rows, view));
  collect_cells (GTK_WIDGET (view), cells);
  for (guint i = 0; i < cells->len; i++)
    {
      GtkWidget *cell = g_ptr_array_index (cells, i);
      const char *text = gtk_inscription_get_text (GTK_INSCRIPTION (cell));

      if (text != NULL && g_str_has_prefix (text, "0xffffffff"))
        {
          g_assert_cmpfloat (gtk_widget_get_width (cell), >=, text_width (cell, text));
          n_address++;
        }
      else if (text != NULL && strstr (text, ".c:400") != NULL)
        {
          g_assert_cmpint (gtk_inscription_get_text_overflow (GTK_INSCRIPTION (cell)), ==,
                           GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_START);
          n_line++;
        }
    }
  g_test_message ("%u address cells, %u line cells checked", n_address, n_line);
  g_assert_cmpuint (n_address, >=, 8);
  g_assert_cmpuint (n_line, >=, 8);
  gtk_window_destroy (window);
}

/* --- hot-symbols pane --- */

static void
test_symbol_library_column (void)
{
  g_autoptr(CsAnalysis) analysis = load_fixture ("perf-cpu-clock.data");
  GtkWidget *pane = g_object_ref_sink (cs_symbol_pane_new ());
  g_autoptr(CsModuleRow) row = NULL;
  const CsScope *scope = NULL;
  GtkColumnView *view;

  cs_symbol_pane_set_analysis (CS_SYMBOL_PANE (pane), analysis);
  for (guint i = 0; i < cs_analysis_get_n_scopes (analysis); i++)
    if (g_strcmp0 (cs_analysis_get_scope (analysis, i)->name, "reader-workload") == 0)
      scope = cs_analysis_get_scope (analysis, i);
  g_assert_nonnull (scope);

  /* The whole program: rows from reader-workload and the kernel. */
  cs_symbol_pane_set_module (CS_SYMBOL_PANE (pane), NULL);
  view = find_column_view (pane);
  g_assert_nonnull (view);
  g_assert_cmpuint (g_list_model_get_n_items (cs_symbol_pane_get_symbols (CS_SYMBOL_PANE (pane), NULL)), ==, 2);
  g_assert_true (gtk_column_view_column_get_visible (column_titled (view, "Library")));

  /* One module: its name is in the title, the column would repeat it. */
  row = cs_module_row_new_from_scope (scope);
  cs_symbol_pane_set_module (CS_SYMBOL_PANE (pane), row);
  g_assert_true (g_str_has_suffix (cs_symbol_pane_get_title (CS_SYMBOL_PANE (pane)), "reader-workload"));
  g_assert_false (gtk_column_view_column_get_visible (column_titled (view, "Library")));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (view, "Symbol")));
  g_assert_true (gtk_column_view_column_get_expand (column_titled (view, "Symbol")));
  g_object_unref (pane);
}

int
main (int    argc,
      char **argv)
{
  cs_test_widgets_init (&argc, &argv);
  g_test_add_func ("/viewer-panes/kernel-source", test_kernel_source);
  g_test_add_func ("/viewer-panes/vdso-source", test_vdso_source);
  g_test_add_func ("/viewer-panes/disasm-columns", test_disasm_columns);
  g_test_add_func ("/viewer-panes/symbol-library-column", test_symbol_library_column);
  return g_test_run ();
}
