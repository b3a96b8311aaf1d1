# diff.tex.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = '7091:19288156'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'diff.tex.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_headings = resolve('headings')
    l_0_fragment = resolve('fragment')
    l_0_packages = resolve('packages')
    l_0_lang = resolve('lang')
    l_0_fill = resolve('fill')
    l_0_t = resolve('t')
    l_0_d = resolve('d')
    l_0_code = resolve('code')
    l_0_esc = resolve('esc')
    l_0_display = l_0_definitions = l_0_table_begin = l_0_table_end = l_0_need = l_0_top = l_0_sub = l_0_section = l_0_structure = l_0_widths = missing
    try:
        t_1 = environment.filters['breakable']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'breakable' found.")
    try:
        t_2 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    pass
    included_template = environment.get_template('latex.j2', 'diff.tex.j2').make_module(context.get_all(), True, {'definitions': l_0_definitions, 'display': l_0_display, 'need': l_0_need, 'section': l_0_section, 'structure': l_0_structure, 'sub': l_0_sub, 'table_begin': l_0_table_begin, 'table_end': l_0_table_end, 'top': l_0_top, 'widths': l_0_widths})
    l_0_display = getattr(included_template, 'display', missing)
    if l_0_display is missing:
        l_0_display = undefined(f"the template {included_template.__name__!r} (imported on line 4 in 'diff.tex.j2') does not export the requested name 'display'", name='display')
    l_0_definitions = getattr(included_template, 'definitions', missing)
    if l_0_definitions is missing:
        l_0_definitions = undefined(f"the template {included_template.__name__!r} (imported on line 4 in 'diff.tex.j2') does not export the requested name 'definitions'", name='definitions')
    l_0_table_begin = getattr(included_template, 'table_begin', missing)
    if l_0_table_begin is missing:
        l_0_table_begin = undefined(f"the template {included_template.__name__!r} (imported on line 4 in 'diff.tex.j2') does not export the requested name 'table_begin'", name='table_begin')
    l_0_table_end = getattr(included_template, 'table_end', missing)
    if l_0_table_end is missing:
        l_0_table_end = undefined(f"the template {included_template.__name__!r} (imported on line 4 in 'diff.tex.j2') does not export the requested name 'table_end'", name='table_end')
    l_0_need = getattr(included_template, 'need', missing)
    if l_0_need is missing:
        l_0_need = undefined(f"the template {included_template.__name__!r} (imported on line 4 in 'diff.tex.j2') does not export the requested name 'need'", name='need')
    context.vars.update({'display': l_0_display, 'definitions': l_0_definitions, 'table_begin': l_0_table_begin, 'table_end': l_0_table_end, 'need': l_0_need})
    context.exported_vars.difference_update(('display', 'definitions', 'table_begin', 'table_end', 'need'))
    l_0_top = str_join((context.call((undefined(name='need') if l_0_need is missing else l_0_need), 6), '\\', environment.getitem((undefined(name='headings') if l_0_headings is missing else l_0_headings), 0), ))
    context.vars['top'] = l_0_top
    context.exported_vars.add('top')
    l_0_sub = str_join((context.call((undefined(name='need') if l_0_need is missing else l_0_need), 6), '\\', environment.getitem((undefined(name='headings') if l_0_headings is missing else l_0_headings), 1), ))
    context.vars['sub'] = l_0_sub
    context.exported_vars.add('sub')
    def macro(l_1_s, l_1_command):
        t_3 = []
        l_1_math = resolve('math')
        l_1_namespace = resolve('namespace')
        l_1_cells = resolve('cells')
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        if l_1_command is missing:
            l_1_command = undefined("parameter 'command' was not provided", name='command')
        pass
        t_3.extend((
            str(l_1_command),
            '{',
            str((environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'structure_heading')) if environment.getattr(l_1_s, 'structure_first') else environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'widths_heading')))),
            '}\n\n',
        ))
        if environment.getattr(l_1_s, 'bound'):
            pass
            t_3.extend((
                str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'rule')), values=context.call((undefined(name='math') if l_1_math is missing else l_1_math), environment.getattr(l_1_s, 'at_values')))),
                '\n',
            ))
        else:
            pass
            t_3.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'no_values')),
                '\n',
            ))
        t_3.append(
            '\n',
        )
        if environment.getattr(l_1_s, 'structure_first'):
            pass
            t_3.append(
                str(context.call((undefined(name='structure') if l_0_structure is missing else l_0_structure), l_1_s)),
            )
        else:
            pass
            t_3.append(
                str(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), l_1_s)),
            )
        if environment.getattr(environment.getattr(l_1_s, 'numbers'), 'second'):
            pass
            t_3.extend((
                '\n',
                str(l_1_command),
                '{',
                str((environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'widths_heading')) if environment.getattr(l_1_s, 'structure_first') else environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'structure_heading')))),
                '}\n\n',
            ))
            if environment.getattr(l_1_s, 'structure_first'):
                pass
                t_3.extend((
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'rule_widths')),
                    '\n\n',
                    str(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), l_1_s)),
                ))
            else:
                pass
                t_3.append(
                    str(context.call((undefined(name='structure') if l_0_structure is missing else l_0_structure), l_1_s)),
                )
        if environment.getattr(environment.getattr(l_1_s, 'numbers'), 'sum'):
            pass
            t_3.extend((
                '\n',
                str(l_1_command),
                '{',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'sum')),
                '}\n\n',
            ))
            l_1_cells = context.call((undefined(name='namespace') if l_1_namespace is missing else l_1_namespace), parts=[environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')], causes=[environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')])
            for l_2_p in environment.getattr(l_1_s, 'by_part'):
                _loop_vars = {}
                pass
                if not isinstance(l_1_cells, Namespace):
                    raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                l_1_cells['parts'] = (environment.getattr((undefined(name='cells') if l_1_cells is missing else l_1_cells), 'parts') + [context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_p, 'delta'), _loop_vars=_loop_vars)])
            l_2_p = missing
            for l_2_c in environment.getattr(l_1_s, 'by_cause'):
                _loop_vars = {}
                pass
                if not isinstance(l_1_cells, Namespace):
                    raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                l_1_cells['causes'] = (environment.getattr((undefined(name='cells') if l_1_cells is missing else l_1_cells), 'causes') + [context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_c, 'delta'), _loop_vars=_loop_vars)])
            l_2_c = missing
            def macro():
                t_4 = []
                pass
                t_4.extend((
                    str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'part')),
                    ' & ',
                    str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                ))
                return concat(t_4)
            caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
            t_3.append(context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:100', '>'], [environment.getattr((undefined(name='cells') if l_1_cells is missing else l_1_cells), 'parts')], caller=caller))
            for l_2_p in environment.getattr(l_1_s, 'by_part'):
                _loop_vars = {}
                pass
                t_3.extend((
                    str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_p, 'part'), _loop_vars=_loop_vars)),
                    ' & ',
                    str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_p, 'delta'), _loop_vars=_loop_vars)),
                    ' \\\\\n',
                ))
            l_2_p = missing
            t_3.extend((
                str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end))),
                '\n\n',
            ))
            def macro():
                t_5 = []
                pass
                t_5.extend((
                    str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'cause')),
                    ' & ',
                    str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                ))
                return concat(t_5)
            caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
            t_3.append(context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:100', '>'], [environment.getattr((undefined(name='cells') if l_1_cells is missing else l_1_cells), 'causes')], caller=caller))
            for l_2_c in environment.getattr(l_1_s, 'by_cause'):
                _loop_vars = {}
                pass
                t_3.extend((
                    str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_c, 'cause'), _loop_vars=_loop_vars)),
                    ' & ',
                    str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_c, 'delta'), _loop_vars=_loop_vars)),
                    ' \\\\\n',
                ))
            l_2_c = missing
            t_3.extend((
                str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end))),
                '\n\n\\textbf{',
                str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'total'), delta=environment.getattr(l_1_s, 'delta'), b_count=environment.getattr(l_1_s, 'count_b'), a_count=environment.getattr(l_1_s, 'count_a'))),
                '}\n',
            ))
        return concat(t_3)
    context.exported_vars.add('section')
    context.vars['section'] = l_0_section = Macro(environment, macro, 'section', ('s', 'command'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_s):
        t_6 = []
        l_1_namespace = resolve('namespace')
        l_1_deltas = resolve('deltas')
        l_1_others = resolve('others')
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        pass
        if environment.getattr(l_1_s, 'structure'):
            pass
            l_1_deltas = context.call((undefined(name='namespace') if l_1_namespace is missing else l_1_namespace), cells=[environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')])
            for l_2_r in environment.getattr(l_1_s, 'structure'):
                _loop_vars = {}
                pass
                if not isinstance(l_1_deltas, Namespace):
                    raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                l_1_deltas['cells'] = (environment.getattr((undefined(name='deltas') if l_1_deltas is missing else l_1_deltas), 'cells') + [context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), (environment.getattr(l_2_r, 'delta') or ''), _loop_vars=_loop_vars)])
            l_2_r = missing
            if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
                pass
                def macro():
                    t_7 = []
                    pass
                    t_7.extend((
                        str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'change')),
                        ' & ',
                        str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'formula')),
                        ' & ',
                        str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                    ))
                    return concat(t_7)
                caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
                t_6.append(context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:55', 'l:45', '>'], [environment.getattr((undefined(name='deltas') if l_1_deltas is missing else l_1_deltas), 'cells')], caller=caller))
                for l_2_r in environment.getattr(l_1_s, 'structure'):
                    l_2_math = resolve('math')
                    _loop_vars = {}
                    pass
                    t_6.extend((
                        str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'row'), part=environment.getattr(l_2_r, 'part'), cause=environment.getattr(l_2_r, 'cause'), what=environment.getattr(l_2_r, 'what'), _loop_vars=_loop_vars)),
                        ' & ',
                        str(context.call((undefined(name='math') if l_2_math is missing else l_2_math), t_1(environment.getattr(l_2_r, 'formula')), _loop_vars=_loop_vars)),
                        ' & ',
                        str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), (environment.getattr(l_2_r, 'delta') or ''), _loop_vars=_loop_vars)),
                        ' \\\\\n',
                    ))
                l_2_r = l_2_math = missing
            else:
                pass
                l_1_others = context.call((undefined(name='namespace') if l_1_namespace is missing else l_1_namespace), cells=[environment.getitem(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), environment.getattr(l_1_s, 'other_heading'))])
                for l_2_r in environment.getattr(l_1_s, 'structure'):
                    _loop_vars = {}
                    pass
                    if not isinstance(l_1_others, Namespace):
                        raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                    l_1_others['cells'] = (environment.getattr((undefined(name='others') if l_1_others is missing else l_1_others), 'cells') + [context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_r, 'other'), _loop_vars=_loop_vars)])
                l_2_r = missing
                def macro():
                    t_8 = []
                    pass
                    t_8.extend((
                        str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'part')),
                        ' & ',
                        str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'cause')),
                        ' & ',
                        str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'change')),
                        ' & ',
                        str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'formula')),
                        ' & ',
                        str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                        ' & ',
                        str(environment.getitem(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), environment.getattr(l_1_s, 'other_heading'))),
                    ))
                    return concat(t_8)
                caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
                t_6.append(context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:22', 'l:17', 'l:32', 'l:29', '>', '>'], [environment.getattr((undefined(name='deltas') if l_1_deltas is missing else l_1_deltas), 'cells'), environment.getattr((undefined(name='others') if l_1_others is missing else l_1_others), 'cells')], caller=caller))
                for l_2_r in environment.getattr(l_1_s, 'structure'):
                    l_2_math = resolve('math')
                    _loop_vars = {}
                    pass
                    t_6.extend((
                        str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_r, 'part'), _loop_vars=_loop_vars)),
                        ' & ',
                        str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_r, 'cause'), _loop_vars=_loop_vars)),
                        ' & ',
                        str(environment.getattr(l_2_r, 'what')),
                        ' & ',
                        str(context.call((undefined(name='math') if l_2_math is missing else l_2_math), t_1(environment.getattr(l_2_r, 'formula')), _loop_vars=_loop_vars)),
                        ' & ',
                        str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), (environment.getattr(l_2_r, 'delta') or ''), _loop_vars=_loop_vars)),
                        ' & ',
                        str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_r, 'other'), _loop_vars=_loop_vars)),
                        ' \\\\\n',
                    ))
                l_2_r = l_2_math = missing
            t_6.extend((
                str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end))),
                '\n',
            ))
        else:
            pass
            t_6.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'no_change')),
                '\n',
            ))
        return concat(t_6)
    context.exported_vars.add('structure')
    context.vars['structure'] = l_0_structure = Macro(environment, macro, 'structure', ('s',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_s):
        t_9 = []
        l_1_namespace = resolve('namespace')
        l_1_deltas = resolve('deltas')
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        pass
        if environment.getattr(l_1_s, 'widths'):
            pass
            l_1_deltas = context.call((undefined(name='namespace') if l_1_namespace is missing else l_1_namespace), cells=[environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')])
            for l_2_r in environment.getattr(l_1_s, 'widths'):
                _loop_vars = {}
                pass
                if not isinstance(l_1_deltas, Namespace):
                    raise TemplateRuntimeError("cannot assign attribute on non-namespace object")
                l_1_deltas['cells'] = (environment.getattr((undefined(name='deltas') if l_1_deltas is missing else l_1_deltas), 'cells') + [context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_r, 'delta'), _loop_vars=_loop_vars)])
            l_2_r = missing
            def macro():
                t_10 = []
                pass
                t_10.extend((
                    str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'step')),
                    ' & ',
                    str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'part')),
                    ' & ',
                    str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                ))
                return concat(t_10)
            caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
            t_9.append(context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:55', 'l:45', '>'], [environment.getattr((undefined(name='deltas') if l_1_deltas is missing else l_1_deltas), 'cells')], caller=caller))
            for l_2_r in environment.getattr(l_1_s, 'widths'):
                l_2_math = resolve('math')
                _loop_vars = {}
                pass
                t_9.extend((
                    str(context.call((undefined(name='math') if l_2_math is missing else l_2_math), environment.getattr(l_2_r, 'steps'), _loop_vars=_loop_vars)),
                    ' & ',
                    str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_r, 'part'), _loop_vars=_loop_vars)),
                    ' & ',
                    str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(l_2_r, 'delta'), _loop_vars=_loop_vars)),
                    ' \\\\\n',
                ))
            l_2_r = l_2_math = missing
            t_9.extend((
                str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end))),
                '\n',
            ))
        else:
            pass
            t_9.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'no_change')),
                '\n',
            ))
        return concat(t_9)
    context.exported_vars.add('widths')
    context.vars['widths'] = l_0_widths = Macro(environment, macro, 'widths', ('s',), False, False, False, context.eval_ctx.autoescape)
    if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
        pass
        yield '% requires: \\usepackage{'
        yield str(t_2(context.eval_ctx, (undefined(name='packages') if l_0_packages is missing else l_0_packages), ','))
        yield '}\n'
        if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) != 'en'):
            pass
            yield '% compile with xelatex and set a '
            yield str(('Chinese' if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'zh') else 'Korean'))
            yield ' font, e.g. '
            yield str(('\\setCJKmainfont{Noto Serif CJK SC}' if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'zh') else '\\setmainhangulfont{Noto Serif CJK KR}'))
            yield '\n'
        yield '% Generated by symparam: the body of a comparison of two models, to paste into a document.\n'
        yield str(context.call((undefined(name='definitions') if l_0_definitions is missing else l_0_definitions)))
        yield '\n\\begingroup\\raggedright\n'
    else:
        pass
        yield '% Generated by symparam. Compile with '
        yield str(('pdflatex' if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'en') else 'xelatex'))
        yield '.\n\\documentclass[11pt]{article}\n\\usepackage[margin=2.2cm]{geometry}\n\\usepackage{amsmath}\n\\usepackage{array}\n\\usepackage{booktabs}\n\\usepackage{longtable}\n'
        if ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'en'):
            pass
            yield '\\usepackage[T1]{fontenc}\n\\usepackage{lmodern}\n\\usepackage{textcomp}\n'
        elif ((undefined(name='lang') if l_0_lang is missing else l_0_lang) == 'zh'):
            pass
            yield '\\usepackage{xeCJK}\n\\setCJKmainfont{Noto Serif CJK SC}\n\\setCJKsansfont{Noto Sans CJK SC}\n\\setCJKmonofont{Noto Sans Mono CJK SC}\n'
        else:
            pass
            yield '\\usepackage{xetexko}\n\\setmainhangulfont{Noto Serif CJK KR}\n\\setsanshangulfont{Noto Sans CJK KR}\n\\setmonohangulfont{Noto Sans Mono CJK KR}\n'
        yield '\\setlength{\\parindent}{0pt}\n\\setlength{\\parskip}{0.6em}\n'
        yield str(context.call((undefined(name='definitions') if l_0_definitions is missing else l_0_definitions)))
        yield '\n\\title{'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'title'), a=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a'), b=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b')))
        yield '}\n\\date{}\n\\begin{document}\n\\raggedright\n\\maketitle\n'
    yield '\n'
    yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'intro'), a=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a')), b=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b'))))
    yield '\n\n'
    yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'models'), a=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a')), a_label=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'label_a')), b=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b')), b_label=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'label_b'))))
    yield '\n\n'
    yield str((undefined(name='top') if l_0_top is missing else l_0_top))
    yield '{'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'closed_forms'))
    yield '}\n\n'
    yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'closed_a'), 'P_{\\mathrm{A}}'))
    yield '\n\n'
    yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'closed_b'), 'P_{\\mathrm{B}}'))
    yield '\n\n'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'difference'))
    yield '\n\n'
    yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'difference'), 'P_{\\mathrm{B}} - P_{\\mathrm{A}}'))
    yield '\n'
    if environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'bound'):
        pass
        yield '\n'
        def macro():
            t_11 = []
            pass
            t_11.extend((
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'model')),
                ' & ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'count')),
            ))
            return concat(t_11)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        yield context.call((undefined(name='table_begin') if l_0_table_begin is missing else l_0_table_begin), ['l:100', '>'], [[environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'count'), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'count_a'), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'count_b'), context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'delta'))]], caller=caller)
        yield 'A: '
        yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a')))
        yield ' & '
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'count_a'))
        yield ' \\\\\nB: '
        yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b')))
        yield ' & '
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'count_b'))
        yield ' \\\\\nB '
        yield str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), '−'))
        yield ' A & '
        yield str(context.call((undefined(name='esc') if l_0_esc is missing else l_0_esc), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'delta')))
        yield ' \\\\\n'
        yield str(context.call((undefined(name='table_end') if l_0_table_end is missing else l_0_table_end)))
        yield '\n'
    yield '\n'
    yield str(context.call((undefined(name='section') if l_0_section is missing else l_0_section), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), (undefined(name='top') if l_0_top is missing else l_0_top)))
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'depends'):
        pass
        yield '\n'
        yield str((undefined(name='top') if l_0_top is missing else l_0_top))
        yield '{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'depends'))
        yield '}\n\n\\begin{itemize}\n'
        for l_1_x in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'depends'):
            l_1_math = resolve('math')
            _loop_vars = {}
            pass
            yield '\\item '
            yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), (environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'matters') if environment.getattr(l_1_x, 'kind') else environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'no_symbol')), symbol=context.call((undefined(name='math') if l_1_math is missing else l_1_math), environment.getattr(l_1_x, 'symbol'), _loop_vars=_loop_vars), model=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_x, 'model'), _loop_vars=_loop_vars), other=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr(l_1_x, 'other'), _loop_vars=_loop_vars), _loop_vars=_loop_vars))
            if environment.getattr(l_1_x, 'kind'):
                pass
                yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'sentence_gap'))
                yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), str_join(('drop_', environment.getattr(l_1_x, 'kind'), ))), symbol=context.call((undefined(name='math') if l_1_math is missing else l_1_math), environment.getattr(l_1_x, 'symbol'), _loop_vars=_loop_vars), assumption=(context.call((undefined(name='math') if l_1_math is missing else l_1_math), environment.getattr(l_1_x, 'assumption'), _loop_vars=_loop_vars) if environment.getattr(l_1_x, 'assumption') else ''), whole=(context.call((undefined(name='math') if l_1_math is missing else l_1_math), environment.getattr(l_1_x, 'whole'), _loop_vars=_loop_vars) if environment.getattr(l_1_x, 'whole') else ''), _loop_vars=_loop_vars))
            yield '\n'
            for l_2_chain in environment.getattr(l_1_x, 'chains'):
                _loop_vars = {}
                pass
                yield '  '
                yield str(context.call((undefined(name='math') if l_1_math is missing else l_1_math), l_2_chain, _loop_vars=_loop_vars))
                yield '\n'
            l_2_chain = missing
        l_1_x = l_1_math = missing
        yield '\\end{itemize}\n'
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'):
        pass
        yield '\n'
        yield str((undefined(name='top') if l_0_top is missing else l_0_top))
        yield '{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'compute'))
        yield '}\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'compute_intro'), batch=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'batch'), seq=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'seq'), command=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'symparam flops')))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), 'closed_a'), 'C_{\\mathrm{A}}'))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), 'closed_b'), 'C_{\\mathrm{B}}'))
        yield '\n\n'
        yield str(context.call((undefined(name='section') if l_0_section is missing else l_0_section), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), (undefined(name='sub') if l_0_sub is missing else l_0_sub)))
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'):
        pass
        yield '\n'
        yield str((undefined(name='top') if l_0_top is missing else l_0_top))
        yield '{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'cache'))
        yield '}\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'cache_intro'), seq=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'seq')))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), 'closed_a'), 'K_{\\mathrm{A}}'))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), 'closed_b'), 'K_{\\mathrm{B}}'))
        yield '\n\n'
        yield str(context.call((undefined(name='section') if l_0_section is missing else l_0_section), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), (undefined(name='sub') if l_0_sub is missing else l_0_sub)))
    yield '\n'
    if (undefined(name='fragment') if l_0_fragment is missing else l_0_fragment):
        pass
        yield '\\par\\endgroup\n'
    else:
        pass
        yield '\\vfill\n\\emph{'
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'generated'))
        yield '}\n\\end{document}\n'

blocks = {}
debug_info = '4=33&5=51&6=54&7=57&8=68&10=73&11=76&13=82&16=88&17=91&19=96&21=98&23=102&25=107&26=110&28=112&30=117&33=119&35=123&37=128&38=129&39=136&40=143&41=147&40=153&43=154&44=158&46=165&48=168&49=172&48=178&51=179&52=183&54=190&56=192&59=198&60=206&61=208&62=209&63=216&65=218&66=222&65=230&68=231&69=236&72=246&73=247&74=254&75=258&74=272&77=273&78=278&81=293&83=299&86=305&87=312&88=314&89=315&90=322&91=326&90=334&93=335&94=340&96=349&98=355&101=361&102=364&103=366&104=369&107=374&110=379&117=381&121=384&134=391&135=393&142=396&144=398&146=400&148=404&150=406&152=408&154=410&155=412&157=415&158=419&157=425&160=427&161=431&162=435&163=439&166=442&167=443&169=446&172=450&173=455&175=461&176=465&181=470&183=473&185=477&187=479&189=481&191=483&193=484&195=487&197=491&199=493&201=495&203=497&206=499&210=505'
