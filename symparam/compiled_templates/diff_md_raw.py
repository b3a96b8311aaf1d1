# diff.md.j2 compiled by jinja2 3.1.6: written by tools/compile_templates.py, never edited
JINJA = '3.1.6'
SOURCE = '3872:8ae959b5'
from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'diff.md.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_fill = resolve('fill')
    l_0_t = resolve('t')
    l_0_d = resolve('d')
    l_0_code = resolve('code')
    l_0_display = l_0_section = l_0_structure = l_0_widths = missing
    pass
    def macro(l_1_lines, l_1_label):
        t_1 = []
        l_1_math_block = resolve('math_block')
        l_1_aligned = resolve('aligned')
        if l_1_lines is missing:
            l_1_lines = undefined("parameter 'lines' was not provided", name='lines')
        if l_1_label is missing:
            l_1_label = None
        pass
        t_1.append(
            str(context.call((undefined(name='math_block') if l_1_math_block is missing else l_1_math_block), context.call((undefined(name='aligned') if l_1_aligned is missing else l_1_aligned), l_1_lines, l_1_label))),
        )
        return concat(t_1)
    context.exported_vars.add('display')
    context.vars['display'] = l_0_display = Macro(environment, macro, 'display', ('lines', 'label'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_s, l_1_h):
        t_2 = []
        l_1_math = resolve('math')
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        if l_1_h is missing:
            l_1_h = '##'
        pass
        t_2.extend((
            str(l_1_h),
            ' ',
            str(environment.getattr(environment.getattr(l_1_s, 'numbers'), 'first')),
            '. ',
            str((environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'structure_heading')) if environment.getattr(l_1_s, 'structure_first') else environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'widths_heading')))),
            '\n\n',
        ))
        if environment.getattr(l_1_s, 'bound'):
            pass
            t_2.extend((
                str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'rule')), values=context.call((undefined(name='math') if l_1_math is missing else l_1_math), environment.getattr(l_1_s, 'at_values')))),
                '\n',
            ))
        else:
            pass
            t_2.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'no_values')),
                '\n',
            ))
        t_2.append(
            '\n',
        )
        if environment.getattr(l_1_s, 'structure_first'):
            pass
            t_2.append(
                str(context.call((undefined(name='structure') if l_0_structure is missing else l_0_structure), l_1_s)),
            )
        else:
            pass
            t_2.append(
                str(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), l_1_s)),
            )
        if environment.getattr(environment.getattr(l_1_s, 'numbers'), 'second'):
            pass
            t_2.extend((
                '\n',
                str(l_1_h),
                ' ',
                str(environment.getattr(environment.getattr(l_1_s, 'numbers'), 'second')),
                '. ',
                str((environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'widths_heading')) if environment.getattr(l_1_s, 'structure_first') else environment.getitem(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), environment.getattr(l_1_s, 'structure_heading')))),
                '\n\n',
            ))
            if environment.getattr(l_1_s, 'structure_first'):
                pass
                t_2.extend((
                    str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'rule_widths')),
                    '\n\n',
                    str(context.call((undefined(name='widths') if l_0_widths is missing else l_0_widths), l_1_s)),
                ))
            else:
                pass
                t_2.append(
                    str(context.call((undefined(name='structure') if l_0_structure is missing else l_0_structure), l_1_s)),
                )
        if environment.getattr(environment.getattr(l_1_s, 'numbers'), 'sum'):
            pass
            t_2.extend((
                '\n',
                str(l_1_h),
                ' ',
                str(environment.getattr(environment.getattr(l_1_s, 'numbers'), 'sum')),
                '. ',
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'sum')),
                '\n\n| ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'part')),
                ' | ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                ' |\n|---|---:|\n',
            ))
            for l_2_p in environment.getattr(l_1_s, 'by_part'):
                l_2_esc = resolve('esc')
                _loop_vars = {}
                pass
                t_2.extend((
                    '| ',
                    str(context.call((undefined(name='esc') if l_2_esc is missing else l_2_esc), environment.getattr(l_2_p, 'part'), _loop_vars=_loop_vars)),
                    ' | ',
                    str(environment.getattr(l_2_p, 'delta')),
                    ' |\n',
                ))
            l_2_p = l_2_esc = missing
            t_2.extend((
                '\n| ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'cause')),
                ' | ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                ' |\n|---|---:|\n',
            ))
            for l_2_c in environment.getattr(l_1_s, 'by_cause'):
                l_2_esc = resolve('esc')
                _loop_vars = {}
                pass
                t_2.extend((
                    '| ',
                    str(context.call((undefined(name='esc') if l_2_esc is missing else l_2_esc), environment.getattr(l_2_c, 'cause'), _loop_vars=_loop_vars)),
                    ' | ',
                    str(environment.getattr(l_2_c, 'delta')),
                    ' |\n',
                ))
            l_2_c = l_2_esc = missing
            t_2.extend((
                '\n**',
                str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'total'), delta=environment.getattr(l_1_s, 'delta'), b_count=environment.getattr(l_1_s, 'count_b'), a_count=environment.getattr(l_1_s, 'count_a'))),
                '**\n',
            ))
        return concat(t_2)
    context.exported_vars.add('section')
    context.vars['section'] = l_0_section = Macro(environment, macro, 'section', ('s', 'h'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_s):
        t_3 = []
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        pass
        if environment.getattr(l_1_s, 'structure'):
            pass
            t_3.extend((
                '| ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'part')),
                ' | ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'cause')),
                ' | ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'change')),
                ' | ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'formula')),
                ' | ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                ' | ',
                str(environment.getitem(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), environment.getattr(l_1_s, 'other_heading'))),
                ' |\n|---|---|---|---|---:|---:|\n',
            ))
            for l_2_r in environment.getattr(l_1_s, 'structure'):
                l_2_esc = resolve('esc')
                l_2_math = resolve('math')
                _loop_vars = {}
                pass
                t_3.extend((
                    '| ',
                    str(context.call((undefined(name='esc') if l_2_esc is missing else l_2_esc), environment.getattr(l_2_r, 'part'), _loop_vars=_loop_vars)),
                    ' | ',
                    str(context.call((undefined(name='esc') if l_2_esc is missing else l_2_esc), environment.getattr(l_2_r, 'cause'), _loop_vars=_loop_vars)),
                    ' | ',
                    str(environment.getattr(l_2_r, 'what')),
                    ' | ',
                    str(context.call((undefined(name='math') if l_2_math is missing else l_2_math), environment.getattr(l_2_r, 'formula'), _loop_vars=_loop_vars)),
                    ' | ',
                    str((environment.getattr(l_2_r, 'delta') or '')),
                    ' | ',
                    str(environment.getattr(l_2_r, 'other')),
                    ' |\n',
                ))
            l_2_r = l_2_esc = l_2_math = missing
        else:
            pass
            t_3.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'no_change')),
                '\n',
            ))
        return concat(t_3)
    context.exported_vars.add('structure')
    context.vars['structure'] = l_0_structure = Macro(environment, macro, 'structure', ('s',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_s):
        t_4 = []
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        pass
        if environment.getattr(l_1_s, 'widths'):
            pass
            t_4.extend((
                '| ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'step')),
                ' | ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'part')),
                ' | ',
                str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'delta')),
                ' |\n|---|---|---:|\n',
            ))
            for l_2_r in environment.getattr(l_1_s, 'widths'):
                l_2_math = resolve('math')
                l_2_esc = resolve('esc')
                _loop_vars = {}
                pass
                t_4.extend((
                    '| ',
                    str(context.call((undefined(name='math') if l_2_math is missing else l_2_math), environment.getattr(l_2_r, 'steps'), _loop_vars=_loop_vars)),
                    ' | ',
                    str(context.call((undefined(name='esc') if l_2_esc is missing else l_2_esc), environment.getattr(l_2_r, 'part'), _loop_vars=_loop_vars)),
                    ' | ',
                    str(environment.getattr(l_2_r, 'delta')),
                    ' |\n',
                ))
            l_2_r = l_2_math = l_2_esc = missing
        else:
            pass
            t_4.extend((
                str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'no_change')),
                '\n',
            ))
        return concat(t_4)
    context.exported_vars.add('widths')
    context.vars['widths'] = l_0_widths = Macro(environment, macro, 'widths', ('s',), False, False, False, context.eval_ctx.autoescape)
    yield '# '
    yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'title'), a=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a'), b=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b')))
    yield '\n\n'
    yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'intro'), a=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a')), b=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b'))))
    yield '\n\n'
    yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'models'), a=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a')), a_label=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'label_a')), b=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b')), b_label=context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'label_b'))))
    yield '\n\n## 1. '
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'closed_forms'))
    yield '\n\n'
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
        yield '\n| '
        yield str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'model'))
        yield ' | '
        yield str(environment.getattr(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'columns'), 'count'))
        yield ' |\n|---|---:|\n| A: '
        yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'a')))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'count_a'))
        yield ' |\n| B: '
        yield str(context.call((undefined(name='code') if l_0_code is missing else l_0_code), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'b')))
        yield ' | '
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'count_b'))
        yield ' |\n| B − A | '
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params'), 'delta'))
        yield ' |\n'
    yield '\n'
    yield str(context.call((undefined(name='section') if l_0_section is missing else l_0_section), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'params')))
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'depends'):
        pass
        yield '\n## '
        yield str(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'depends_number'))
        yield '. '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'depends'))
        yield '\n\n'
        for l_1_x in environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'depends'):
            l_1_math = resolve('math')
            _loop_vars = {}
            pass
            yield '- '
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
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'):
        pass
        yield '\n## '
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), 'number'))
        yield '. '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'compute'))
        yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'compute_intro'), batch=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'batch'), seq=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'seq'), command=context.call((undefined(name='code') if l_0_code is missing else l_0_code), 'symparam flops')))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), 'closed_a'), 'C_{\\mathrm{A}}'))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), 'closed_b'), 'C_{\\mathrm{B}}'))
        yield '\n\n'
        yield str(context.call((undefined(name='section') if l_0_section is missing else l_0_section), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'flops'), '###'))
    if environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'):
        pass
        yield '\n## '
        yield str(environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), 'number'))
        yield '. '
        yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'cache'))
        yield '\n\n'
        yield str(context.call((undefined(name='fill') if l_0_fill is missing else l_0_fill), environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'diff'), 'cache_intro'), seq=environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'seq')))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), 'closed_a'), 'K_{\\mathrm{A}}'))
        yield '\n\n'
        yield str(context.call((undefined(name='display') if l_0_display is missing else l_0_display), environment.getattr(environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), 'closed_b'), 'K_{\\mathrm{B}}'))
        yield '\n\n'
        yield str(context.call((undefined(name='section') if l_0_section is missing else l_0_section), environment.getattr((undefined(name='d') if l_0_d is missing else l_0_d), 'cache'), '###'))
    yield '\n---\n*'
    yield str(environment.getattr(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'text'), 'generated'))
    yield '*\n'

blocks = {}
debug_info = '3=16&4=26&6=31&7=40&9=47&10=50&12=56&15=62&16=65&18=70&20=72&22=76&24=83&25=86&27=88&29=93&32=95&34=99&36=105&38=110&39=116&42=124&44=129&45=135&48=143&51=149&52=154&53=158&55=171&56=178&59=195&62=201&63=206&64=210&66=217&67=224&70=235&73=242&75=244&77=246&79=248&81=250&83=252&85=254&87=256&88=258&90=261&92=265&93=269&94=273&97=276&98=277&100=280&102=284&103=289&105=295&106=299&110=303&112=306&114=310&116=312&118=314&120=316&122=317&124=320&126=324&128=326&130=328&132=330&136=332'
