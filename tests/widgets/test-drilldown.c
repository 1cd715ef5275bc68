/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-drilldown.c — module table → hot symbols → source and disassembly on
 * a real recording
 *
 * cs-test-two-modules (argv[1]) is recorded with perf (cpu-clock, works
 * without a PMU) and loaded with cs_analysis_load(). Expected values come
 * from the workload's source (which function is hot where), from
 * `perf report` (module order) and from addr2line (instruction lines).
 * Without perf the program exits 77.
 */
#include "config.h"

#include <string.h>

#include "cs-annotate-link.h"
#include "cs-module-table.h"
#include "cs-perf-test-util.h"
#include "cs-symbol-pane.h"
#include "cs-test-widgets.h"

/* The column view the user sees in @widget (the visible tab's). */
static GtkWidget *
find_drawn_column_view (GtkWidget *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return NULL;
  if (GTK_IS_COLUMN_VIEW (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_drawn_column_view (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static const char *workload;
static char *perf;
static char *tmpdir;
static CsAnalysis *analysis;
static char *perf_data;

static CsAnalysis *
record_and_load (const char         *name,
                 const char * const *cmd)
{
  g_autofree char *out = g_build_filename (tmpdir, name, NULL);
  /* -D: start after the dynamic loader is done, so that the samples fall
   * in the workload's own code (the tests are about its two modules). */
  const char *args[] = { "-e", "cpu-clock", "-F", "2000", "-D", "100", NULL };
  g_autoptr(GError) error = NULL;
  CsAnalysis *result;

  g_assert_true (cs_perf_test_record (perf, out, args, cmd, FALSE));
  result = cs_analysis_load (out, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  if (perf_data == NULL)
    perf_data = g_steal_pointer (&out);
  return result;
}

/* perf's own module order: `perf report --sort dso`. */
static GPtrArray *
perf_dso_order (void)
{
  const char *argv[] = { perf, "report", "-i", perf_data, "--stdio", "--sort", "dso", "-q", NULL };
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *order = g_ptr_array_new_with_free_func (g_free);
  int status = 0;

  out = cs_perf_test_spawn (argv, NULL, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit_set (g_strstrip (lines[i]), " \t", -1);
      guint n = g_strv_length (fields);

      if (n >= 2 && g_str_has_suffix (fields[0], "%"))
        g_ptr_array_add (order, g_strdup (fields[n - 1]));
    }
  return order;
}

static const CsScope *
find_scope (CsAnalysis *a,
            const char *suffix)
{
  for (guint i = 0; i < cs_analysis_get_n_scopes (a); i++)
    {
      const CsScope *scope = cs_analysis_get_scope (a, i);

      if (scope->kind == CS_SCOPE_MODULE && g_str_has_suffix (scope->name, suffix))
        return scope;
    }
  return NULL;
}

/* Sorting the real table by samples gives perf report's module order. */
static void
test_module_table (void)
{
  GtkWidget *table = cs_module_table_new ();
  g_autoptr(GPtrArray) order = perf_dso_order ();
  GtkWindow *window;
  GListModel *rows;

  cs_module_table_set_analysis (CS_MODULE_TABLE (table), analysis);
  window = cs_test_show (table, 1200, 500);
  rows = G_LIST_MODEL (cs_module_table_get_selection (CS_MODULE_TABLE (table)));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, cs_analysis_get_n_scopes (analysis));

  cs_module_table_sort_by (CS_MODULE_TABLE (table), CS_MODULE_COLUMN_SAMPLES, GTK_SORT_DESCENDING);
  g_assert_cmpuint (order->len, >=, 2);
  /* By the workload's design the library does twice the executable's work. */
  g_assert_cmpstr (g_ptr_array_index (order, 0), ==, "libcstesttwomodules.so");
  g_assert_cmpstr (g_ptr_array_index (order, 1), ==, "cs-test-two-modules");
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (rows, i);

      g_assert_cmpstr (cs_module_row_get_name (row), ==, g_ptr_array_index (order, i));
    }
  {
    g_autoptr(CsTestImage) image = cs_test_render (table);

    cs_test_image_save (image, "cs-test-drilldown-modules.png");
  }
  gtk_window_destroy (window);
}

static void
on_module_selected (CsModuleTable *table,
                    CsModuleRow   *row,
                    CsSymbolPane  *pane)
{
  /* What the window does. */
  cs_symbol_pane_set_module (pane, row);
}

static void
on_symbol_activated (CsSymbolPane  *pane,
                     CsSymbolItem  *item,
                     CsSymbolItem **out)
{
  g_set_object (out, item);
}

static void
check_pane_shows (CsSymbolPane  *pane,
                  const CsScope *scope,
                  const char    *hot_function)
{
  GListModel *symbols = cs_symbol_pane_get_symbols (pane, NULL);
  g_autoptr(GArray) expected = cs_analysis_dup_top_symbols (analysis, scope, NULL);
  g_autoptr(CsSymbolItem) first = NULL;

  g_assert_nonnull (strstr (cs_symbol_pane_get_title (pane), scope->name));
  g_assert_nonnull (symbols);
  g_assert_cmpuint (g_list_model_get_n_items (symbols), ==, MIN (expected->len, 20));
  for (guint i = 0; i < g_list_model_get_n_items (symbols); i++)
    {
      g_autoptr(CsSymbolItem) item = g_list_model_get_item (symbols, i);
      const CsProfileSymbolRow *row = &g_array_index (expected, CsProfileSymbolRow, i);

      g_assert_true (cs_symbol_item_get_symbol (item) == row->symbol);
      g_assert_cmpstr (cs_symbol_item_get_library (item), ==, scope->name);
      g_assert_cmpuint (cs_symbol_item_get_samples (item), ==, row->samples);
    }
  /* From the workload's source: where its time goes. */
  first = g_list_model_get_item (symbols, 0);
  g_assert_cmpstr (cs_symbol_item_get_name (first), ==, hot_function);
  g_assert_cmpfloat (cs_symbol_item_get_share (first), >, 0.5);
}

static void
test_symbol_pane_follows_selection (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *table = cs_module_table_new ();
  GtkWidget *pane = cs_symbol_pane_new ();
  const CsScope *lib = find_scope (analysis, "libcstesttwomodules.so");
  const CsScope *exe = find_scope (analysis, "cs-test-two-modules");
  g_autoptr(CsSymbolItem) activated = NULL;
  GtkWindow *window;

  g_assert_nonnull (lib);
  g_assert_nonnull (exe);
  gtk_widget_set_hexpand (table, TRUE);
  gtk_widget_set_hexpand (pane, TRUE);
  gtk_box_append (GTK_BOX (box), table);
  gtk_box_append (GTK_BOX (box), pane);
  g_signal_connect (table, "module-selected", G_CALLBACK (on_module_selected), pane);
  g_signal_connect (pane, "symbol-activated", G_CALLBACK (on_symbol_activated), &activated);
  cs_symbol_pane_set_analysis (CS_SYMBOL_PANE (pane), analysis);
  cs_module_table_set_analysis (CS_MODULE_TABLE (table), analysis);
  window = cs_test_show (box, 1500, 600);

  /* One tab per sampled event; perf recorded cpu-clock only. */
  g_assert_nonnull (cs_symbol_pane_get_symbols (CS_SYMBOL_PANE (pane), "cpu-clock"));
  g_assert_cmpstr (cs_symbol_pane_get_visible_event (CS_SYMBOL_PANE (pane)), ==, "cpu-clock");

  g_assert_true (cs_module_table_select (CS_MODULE_TABLE (table), lib->module_id, NULL));
  check_pane_shows (CS_SYMBOL_PANE (pane), lib, "tm_lib_hot");
  g_assert_true (cs_module_table_select (CS_MODULE_TABLE (table), exe->module_id, NULL));
  check_pane_shows (CS_SYMBOL_PANE (pane), exe, "tm_exe_hot");
  cs_test_wait_frames (pane);
  {
    g_autoptr(CsTestImage) image = cs_test_render (box);

    cs_test_image_save (image, "cs-test-drilldown-symbols.png");
  }

  /* Enter / double click on the first row: the list's "activate". */
  g_signal_emit_by_name (find_drawn_column_view (pane), "activate", 0);
  g_assert_nonnull (activated);
  g_assert_cmpstr (cs_symbol_item_get_name (activated), ==, "tm_exe_hot");
  g_assert_true (cs_symbol_item_get_analysis (activated) == analysis);
  gtk_window_destroy (window);
}

/* addr2line's line for each address of @exe (discriminators dropped). */
static GArray *
addr2line_lines (const char *exe,
                 GPtrArray  *addresses)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out = NULL;
  g_auto(GStrv) lines = NULL;
  GArray *result = g_array_new (FALSE, TRUE, sizeof (guint));
  int status = 0;

  g_ptr_array_add (argv, g_find_program_in_path ("addr2line"));
  g_assert_nonnull (argv->pdata[0]);
  g_ptr_array_add (argv, g_strdup ("-e"));
  g_ptr_array_add (argv, g_strdup (exe));
  for (guint i = 0; i < addresses->len; i++)
    g_ptr_array_add (argv, g_strdup (g_ptr_array_index (addresses, i)));
  g_ptr_array_add (argv, NULL);
  out = cs_perf_test_spawn ((const char * const *) argv->pdata, NULL, &status);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  lines = g_strsplit (out, "\n", -1);
  for (guint i = 0; i < addresses->len; i++)
    {
      const char *colon = strrchr (lines[i], ':');
      guint line = colon != NULL ? (guint) g_ascii_strtoull (colon + 1, NULL, 10) : 0;

      g_array_append_val (result, line);
    }
  return result;
}

static const CsProfileSymbol *
find_symbol (CsAnalysis *a,
             const char *name)
{
  g_autoptr(GPtrArray) found = cs_profile_find_symbols (cs_analysis_get_profile (a), name);

  g_assert_cmpuint (found->len, >=, 1);
  return g_ptr_array_index (found, 0);
}

static void
test_source_disasm_link (void)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
  GtkWidget *source = cs_source_pane_new ();
  GtkWidget *disasm = cs_disasm_pane_new ();
  g_autoptr(CsAnnotateLink) link = cs_annotate_link_new (CS_SOURCE_PANE (source), CS_DISASM_PANE (disasm));
  const CsProfileSymbol *symbol = find_symbol (analysis, "tm_exe_hot");
  GListModel *lines = G_LIST_MODEL (cs_source_pane_get_selection (CS_SOURCE_PANE (source)));
  GListModel *insns = G_LIST_MODEL (cs_disasm_pane_get_selection (CS_DISASM_PANE (disasm)));
  g_autoptr(GPtrArray) addresses = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) truth = NULL;
  CsAnnotateLine *selected_line;
  guint n_insns, n_linked = 0, other = GTK_INVALID_LIST_POSITION, hot_line;
  guint64 hot_samples = 0;
  GtkWindow *window;

  gtk_paned_set_start_child (GTK_PANED (paned), source);
  gtk_paned_set_end_child (GTK_PANED (paned), disasm);
  gtk_paned_set_position (GTK_PANED (paned), 700);
  window = cs_test_show (paned, 1500, 700);
  cs_annotate_link_set_symbol (link, analysis, symbol, NULL);
  cs_test_wait_frames (paned);

  g_assert_true (cs_source_pane_has_source (CS_SOURCE_PANE (source)));
  g_assert_null (cs_source_pane_get_message (CS_SOURCE_PANE (source)));
  g_assert_true (g_str_has_suffix (cs_source_pane_get_file (CS_SOURCE_PANE (source)), "cs-test-two-modules.c"));

  /* The hottest line is selected: no other line has more samples. */
  selected_line = gtk_single_selection_get_selected_item (cs_source_pane_get_selection (CS_SOURCE_PANE (source)));
  g_assert_nonnull (selected_line);
  g_assert_true (cs_annotate_line_get_hot (selected_line));
  hot_line = cs_annotate_line_get_line (selected_line);
  for (guint i = 0; i < g_list_model_get_n_items (lines); i++)
    {
      g_autoptr(CsAnnotateLine) line = g_list_model_get_item (lines, i);

      hot_samples = MAX (hot_samples, cs_annotate_line_get_samples (line, 0));
    }
  g_assert_cmpuint (cs_annotate_line_get_samples (selected_line, 0), ==, hot_samples);
  g_assert_cmpuint (hot_samples, >, 0);
  /* Source text from the real file: the loop of tm_exe_hot is in view. */
  {
    gboolean seen = FALSE;

    for (guint i = 0; i < g_list_model_get_n_items (lines); i++)
      {
        g_autoptr(CsAnnotateLine) line = g_list_model_get_item (lines, i);

        seen |= strstr (cs_annotate_line_get_text (line), "6364136223846793005UL") != NULL;
      }
    g_assert_true (seen);
  }

  /* Linked instructions are exactly those addr2line puts on that line. */
  n_insns = g_list_model_get_n_items (insns);
  g_assert_cmpuint (n_insns, >, 3);
  for (guint i = 0; i < n_insns; i++)
    {
      g_autoptr(CsAnnotateInsn) insn = g_list_model_get_item (insns, i);

      g_ptr_array_add (addresses, g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", cs_annotate_insn_get_address (insn)));
    }
  truth = addr2line_lines (workload, addresses);
  for (guint i = 0; i < n_insns; i++)
    {
      g_autoptr(CsAnnotateInsn) insn = g_list_model_get_item (insns, i);
      guint line = g_array_index (truth, guint, i);

      g_assert_cmpint (cs_annotate_insn_get_linked (insn), ==, line == hot_line);
      n_linked += line == hot_line;
    }
  /* An instruction of another line that the source pane shows. */
  {
    g_autoptr(CsAnnotateLine) first_line = g_list_model_get_item (lines, 0);
    guint first = cs_annotate_line_get_line (first_line);
    guint last = first + g_list_model_get_n_items (lines) - 1;

    for (guint i = 0; i < n_insns && other == GTK_INVALID_LIST_POSITION; i++)
      {
        guint line = g_array_index (truth, guint, i);

        if (line != hot_line && line >= first && line <= last)
          other = i;
      }
  }
  g_assert_cmpuint (n_linked, >, 0);
  /* The disassembly selected the first linked instruction. */
  {
    CsAnnotateInsn *insn = gtk_single_selection_get_selected_item (cs_disasm_pane_get_selection (CS_DISASM_PANE (disasm)));

    g_assert_nonnull (insn);
    g_assert_true (cs_annotate_insn_get_linked (insn));
  }
  {
    g_autoptr(CsTestImage) image = cs_test_render (paned);

    cs_test_image_save (image, "cs-test-drilldown-annotate.png");
  }

  /* The other way: an instruction of another line selects that line. */
  g_assert_cmpuint (other, !=, GTK_INVALID_LIST_POSITION);
  gtk_single_selection_set_selected (cs_disasm_pane_get_selection (CS_DISASM_PANE (disasm)), other);
  selected_line = gtk_single_selection_get_selected_item (cs_source_pane_get_selection (CS_SOURCE_PANE (source)));
  g_assert_cmpuint (cs_annotate_line_get_line (selected_line), ==, g_array_index (truth, guint, other));
  g_assert_true (cs_annotate_line_get_linked (selected_line));
  for (guint i = 0; i < g_list_model_get_n_items (lines); i++)
    {
      g_autoptr(CsAnnotateLine) line = g_list_model_get_item (lines, i);

      g_assert_cmpint (cs_annotate_line_get_linked (line), ==, line == (gpointer) selected_line);
    }
  gtk_window_destroy (window);
}

/* A program compiled here: without its source file, and without -g. */
static void
test_no_source (void)
{
  g_autofree char *cc = g_find_program_in_path ("cc");
  g_autofree char *src = g_build_filename (tmpdir, "nosrc.c", NULL);
  g_autofree char *exe = g_build_filename (tmpdir, "nosrc", NULL);
  g_autofree char *exe_nodebug = g_build_filename (tmpdir, "nosrc-nodebug", NULL);
  const char *program =
    "volatile unsigned long sink, n = 200000;\n"
    "__attribute__((noinline)) unsigned long spin_here (unsigned long n)\n"
    "{ unsigned long x = n; for (unsigned long i = 0; i < n; i++) x = x * 2862933555777941757UL + i; return x; }\n"
    "int main (void) { for (int i = 0; i < 2000; i++) sink += spin_here (n); return 0; }\n";
  g_autoptr(GError) error = NULL;

  if (cc == NULL)
    {
      g_test_skip ("no C compiler to build the test program");
      return;
    }
  g_file_set_contents (src, program, -1, &error);
  g_assert_no_error (error);
  {
    const char *argv1[] = { cc, "-O1", "-g", "-o", exe, src, NULL };
    const char *argv2[] = { cc, "-O1", "-o", exe_nodebug, src, NULL };
    int status = 0;
    g_autofree char *o1 = cs_perf_test_spawn (argv1, NULL, &status);

    g_assert_true (g_spawn_check_wait_status (status, NULL));
    {
      g_autofree char *o2 = cs_perf_test_spawn (argv2, NULL, &status);

      g_assert_true (g_spawn_check_wait_status (status, NULL));
    }
  }
  g_unlink (src);

  for (guint pass = 0; pass < 2; pass++)
    {
      const char *cmd[] = { pass == 0 ? exe : exe_nodebug, NULL };
      g_autoptr(CsAnalysis) a = record_and_load (pass == 0 ? "nosrc.data" : "nodebug.data", cmd);
      const CsProfileSymbol *symbol = find_symbol (a, "spin_here");
      GtkWidget *source = cs_source_pane_new ();
      GtkWidget *disasm = cs_disasm_pane_new ();
      g_autoptr(CsAnnotateLink) link = cs_annotate_link_new (CS_SOURCE_PANE (source), CS_DISASM_PANE (disasm));
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
      GtkWindow *window;
      const char *message;

      gtk_box_append (GTK_BOX (box), source);
      gtk_box_append (GTK_BOX (box), disasm);
      window = cs_test_show (box, 1200, 500);
      cs_annotate_link_set_symbol (link, a, symbol, NULL);

      g_assert_false (cs_source_pane_has_source (CS_SOURCE_PANE (source)));
      message = cs_source_pane_get_message (CS_SOURCE_PANE (source));
      g_assert_nonnull (message);
      g_test_message ("%s", message);
      if (pass == 0)
        {
          g_assert_nonnull (strstr (message, "not found"));
          g_assert_nonnull (strstr (message, src));
        }
      else
        {
          g_assert_nonnull (strstr (message, "No debug information"));
          g_assert_nonnull (strstr (message, "spin_here"));
        }
      /* The disassembly still shows, hottest instruction selected. */
      g_assert_null (cs_disasm_pane_get_message (CS_DISASM_PANE (disasm)));
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (cs_disasm_pane_get_selection (CS_DISASM_PANE (disasm)))), >, 3);
      g_assert_cmpuint (gtk_single_selection_get_selected (cs_disasm_pane_get_selection (CS_DISASM_PANE (disasm))), ==,
                        cs_disasm_pane_get_hot_position (CS_DISASM_PANE (disasm)));
      gtk_window_destroy (window);
    }
}

int
main (int   argc,
      char *argv[])
{
  const char *cmd[] = { NULL, "0.6", NULL };
  int ret;

  cs_test_widgets_init (&argc, &argv);
  g_assert_cmpint (argc, >=, 2);
  workload = argv[1];
  if ((perf = cs_test_find_perf ()) == NULL)
    {
      g_printerr ("perf is not installed: skipping\n");
      return CS_TEST_SKIP_EXIT;
    }
  tmpdir = cs_test_mkdtemp ();
  cmd[0] = workload;
  analysis = record_and_load ("two.data", cmd);

  g_test_add_func ("/drilldown/module-table", test_module_table);
  g_test_add_func ("/drilldown/symbol-pane-follows-selection", test_symbol_pane_follows_selection);
  g_test_add_func ("/drilldown/source-disasm-link", test_source_disasm_link);
  g_test_add_func ("/drilldown/no-source", test_no_source);
  ret = g_test_run ();

  g_clear_object (&analysis);
  cs_test_rmdir (tmpdir);
  g_free (tmpdir);
  g_free (perf);
  g_free (perf_data);
  return ret;
}
